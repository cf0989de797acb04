import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useServerErrorText } from '../../data/server-error-text.ts';

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
  const serverErrorText = useServerErrorText();
  const titleId = useId();
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onDelete();
      onClose(true);
    } catch (refusal) {
      setError(serverErrorText(refusal));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>{intl.formatMessage({ id: 'crud.deleteTitle' }, { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{intl.formatMessage({ id: 'crud.deleteBody' }, { name })}</DialogContentText>
        {error !== undefined && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={() => onClose(false)}>
          {intl.formatMessage({ id: 'crud.cancel' })}
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={confirm}>
          {intl.formatMessage({ id: 'crud.confirmDelete' })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
