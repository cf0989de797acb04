import type { CreatedScimToken } from '@careboard/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { copyText } from './copy-text.ts';
import { type Detail, Details } from './Details.tsx';

/**
 * A SCIM token just made, shown this once (as the webhook secret is, FEED-48): the token and the
 * SCIM base URL, each with a copy button, for the hospital's directory. Closing forgets it.
 */
export function ShownScimToken({
  token,
  onClose,
}: {
  readonly token: CreatedScimToken;
  readonly onClose: () => void;
}) {
  const intl = useIntl();
  const titleId = useId();
  const [said, setSaid] = useState('');
  const details: Detail[] = [
    { label: intl.formatMessage({ id: 'signIn.scim.baseUrl' }), value: null, copy: token.base_url },
    { label: intl.formatMessage({ id: 'signIn.scim.token' }), value: null, copy: token.token },
  ];
  const copied = async (detail: { readonly label: string; readonly copy: string }) => {
    const ok = await copyText(detail.copy);
    setSaid(intl.formatMessage({ id: ok ? 'signIn.copied' : 'signIn.copyFailed' }, { what: detail.label }));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        {intl.formatMessage({ id: 'signIn.scim.shownTitle' }, { name: token.name })}
      </DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {intl.formatMessage({ id: 'signIn.scim.shownOnce' })}
        </Alert>
        <Details details={details} owner={token.name} onCopy={copied} />
        <Typography role="status" sx={{ minHeight: '1.5em', mb: 1 }}>
          {said}
        </Typography>
        <Typography variant="body2">{intl.formatMessage({ id: 'signIn.scim.shownHelp' })}</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {intl.formatMessage({ id: 'signIn.scim.done' })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
