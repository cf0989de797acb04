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
 * Asks before an act that cannot be undone (deleting a record, a connection, revoking a token):
 * Cancel has the focus first, so Enter on a slip keeps the record; the server's refusal shows
 * here as the dialog's error, in the catalogue's words (CON-59).
 */
export function ConfirmDialog({
  title,
  body,
  confirm,
  onConfirm,
  onClose,
}: {
  readonly title: string;
  readonly body: string;
  /** The confirming button's words ("Delete", "Revoke"). */
  readonly confirm: string;
  readonly onConfirm: () => Promise<unknown>;
  /** Closed: true once the server accepted, false on Cancel. */
  readonly onClose: (done: boolean) => void;
}) {
  const intl = useIntl();
  const serverErrorText = useServerErrorText();
  const titleId = useId();
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const go = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      onClose(true);
    } catch (refusal) {
      setError(serverErrorText(refusal));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
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
        <Button color="error" variant="contained" disabled={busy} onClick={go}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
