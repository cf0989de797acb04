import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import type { ScreenRow } from './screen-rows.ts';

/** Revoking cannot be undone (the screen must be paired again), so it asks first; Cancel has the focus. */
export function RevokeScreenDialog({
  screen,
  onRevoke,
  onClose,
}: {
  readonly screen: ScreenRow;
  readonly onRevoke: () => Promise<void>;
  readonly onClose: () => void;
}) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [failure, setFailure] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await onRevoke();
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-describedby="revoke-screen-body">
      <DialogTitle>{text('screens.revoke.title', { name: screen.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="revoke-screen-body">{text('screens.revoke.body')}</DialogContentText>
        <ErrorAlert error={failure} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {text('screens.revoke.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={revoke} disabled={busy}>
          {text('screens.revoke.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
