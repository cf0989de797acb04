import { useIntl } from 'react-intl';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * Asks before deleting: removals cannot be undone, and a board may be showing the record.
 * Cancel has the focus first, so Enter on a slip keeps the record. The server's refusal
 * ("Can't complete action: Asset type is in use.") shows here as the dialog's error.
 */
export function ConfirmDeleteDialog({
  name,
  onDelete,
  onClose,
}: {
  readonly name: string;
  readonly onDelete: () => Promise<unknown>;
  readonly onClose: (deleted: boolean) => void;
}) {
  const intl = useIntl();
  return (
    <ConfirmDialog
      title={intl.formatMessage({ id: 'crud.deleteTitle' }, { name })}
      body={intl.formatMessage({ id: 'crud.deleteBody' }, { name })}
      confirm={intl.formatMessage({ id: 'crud.confirmDelete' })}
      onConfirm={onDelete}
      onClose={onClose}
    />
  );
}
