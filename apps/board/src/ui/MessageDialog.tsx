import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/en-US.ts';

/** A message with a Close action, e.g. 'You do not have permissions to access this section.'. */
export function MessageDialog({ id }: { readonly id: MessageId }) {
  const [open, setOpen] = useState(true);
  const textId = useId();
  return (
    <Dialog open={open} onClose={() => setOpen(false)} aria-describedby={textId}>
      <DialogContent>
        <DialogContentText id={textId}>
          <FormattedMessage id={id} />
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)} autoFocus>
          <FormattedMessage id="action.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
