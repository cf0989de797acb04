import type { DisplayBoardConfig } from '@careboard/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';

/** Deleting a board is asked once more: screens showing it go blank. Cancel has the focus. */
export function DeleteBoardDialog({
  board,
  onClose,
  onDeleted,
}: {
  readonly board: DisplayBoardConfig | null;
  readonly onClose: () => void;
  readonly onDeleted: (name: string) => void;
}) {
  const intl = useIntl();
  const { http } = useConsoleRuntime();
  const [failure, setFailure] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const name = board?.name ?? '';
  const close = () => {
    setFailure(undefined);
    onClose();
  };
  const remove = async () => {
    if (!board) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await http.sendJson('DELETE', `display-boards/${board.id}`, undefined);
      onDeleted(name);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={board !== null}
      onClose={close}
      aria-labelledby="delete-board-title"
      aria-describedby="delete-board-body"
    >
      <DialogTitle id="delete-board-title">
        {intl.formatMessage({ id: 'boards.delete.title' }, { name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-board-body">
          {intl.formatMessage({ id: 'boards.delete.body' })}
        </DialogContentText>
        <ErrorAlert error={failure} />
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={close}>
          {intl.formatMessage({ id: 'boards.cancel' })}
        </Button>
        <Button color="error" variant="contained" onClick={remove} disabled={busy}>
          {intl.formatMessage({ id: 'boards.delete.confirm' })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
