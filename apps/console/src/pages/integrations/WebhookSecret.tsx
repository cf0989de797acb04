import type { MadeRtlsSecret, RtlsSecretStatus } from '@careboard/contracts';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Key from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useConsoleIdentity } from '../../auth/console-identity.ts';
import { useServerErrorText } from '../../data/server-error-text.ts';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { useConsoleRuntime } from '../../runtime-config/console-runtime.ts';
import { useRest } from '../../ui/crud/rest.ts';
import { SIGNATURE_HEADER, webhookUrl } from './feed-status.ts';

type Step = 'closed' | 'confirm' | { readonly secret: string };

/**
 * The RTLS webhook's secret: whether there is one and since when, and "Make a new webhook secret"
 * behind a confirmation; the new secret shows once, with a copy button, the webhook URL and how
 * to sign (decision FEED-48). Closing the dialog forgets it.
 */
export function WebhookSecret() {
  const intl = useIntl();
  const rest = useRest();
  const runtime = useConsoleRuntime();
  const { customerId } = useConsoleIdentity();
  const serverErrorText = useServerErrorText();
  const status = useLiveQuery<RtlsSecretStatus>('feeds/rtls/secret');
  const [step, setStep] = useState<Step>('closed');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState<'copied' | 'failed' | undefined>(undefined);
  const confirmTitle = useId();
  const shownTitle = useId();
  const url = webhookUrl(runtime.config.API_URL, customerId, window.location.origin);

  const make = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const made = (await rest.post('feeds/rtls/secret', {})) as MadeRtlsSecret;
      setCopied(undefined);
      setStep({ secret: made.secret });
      status.reload();
    } catch (refusal) {
      setError(serverErrorText(refusal));
    } finally {
      setBusy(false);
    }
  };
  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const close = () => {
    setStep('closed');
    setError(undefined);
  };

  const made = status.data?.created_at;
  return (
    <Box component="section" aria-labelledby="webhook-secret-heading" sx={{ mb: 3 }}>
      <Typography component="h2" variant="h5" id="webhook-secret-heading" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'integrations.secret.title' })}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {status.data === undefined
          ? ''
          : made
            ? intl.formatMessage(
                { id: 'integrations.secret.made' },
                { when: intl.formatDate(made, { dateStyle: 'medium', timeStyle: 'short' }) },
              )
            : intl.formatMessage({ id: 'integrations.secret.none' })}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'integrations.secret.url' })}:{' '}
        <Box component="code" sx={{ wordBreak: 'break-all' }}>
          {url}
        </Box>
      </Typography>
      <Button variant="outlined" startIcon={<Key />} onClick={() => setStep('confirm')}>
        {intl.formatMessage({ id: 'integrations.secret.rotate' })}
      </Button>

      <Dialog open={step === 'confirm'} onClose={close} aria-labelledby={confirmTitle} maxWidth="sm">
        <DialogTitle id={confirmTitle}>
          {intl.formatMessage({ id: 'integrations.secret.confirmTitle' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {intl.formatMessage({ id: 'integrations.secret.confirmBody' })}
          </DialogContentText>
          {error !== undefined && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={close}>
            {intl.formatMessage({ id: 'integrations.secret.cancel' })}
          </Button>
          <Button variant="contained" color="warning" disabled={busy} onClick={make}>
            {intl.formatMessage({ id: 'integrations.secret.confirm' })}
          </Button>
        </DialogActions>
      </Dialog>

      {typeof step === 'object' && (
        <Dialog open onClose={close} aria-labelledby={shownTitle} maxWidth="md" fullWidth>
          <DialogTitle id={shownTitle}>
            {intl.formatMessage({ id: 'integrations.secret.shownTitle' })}
          </DialogTitle>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {intl.formatMessage({ id: 'integrations.secret.shownOnce' })}
            </Alert>
            <Typography component="h3" variant="subtitle2">
              {intl.formatMessage({ id: 'integrations.secret.secret' })}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
              <Box
                component="code"
                data-testid="webhook-secret"
                sx={{
                  wordBreak: 'break-all',
                  p: 1,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  flex: '1 1 20rem',
                }}
              >
                {step.secret}
              </Box>
              <Button variant="contained" startIcon={<ContentCopy />} onClick={() => copy(step.secret)}>
                {intl.formatMessage({ id: 'integrations.secret.copy' })}
              </Button>
            </Box>
            <Typography role="status" sx={{ minHeight: '1.5em', mb: 1 }}>
              {copied === undefined
                ? ''
                : intl.formatMessage({
                    id: `integrations.secret.${copied === 'copied' ? 'copied' : 'copyFailed'}`,
                  })}
            </Typography>
            <Typography component="h3" variant="subtitle2">
              {intl.formatMessage({ id: 'integrations.secret.url' })}
            </Typography>
            <Box component="code" sx={{ display: 'block', wordBreak: 'break-all', mb: 2 }}>
              {url}
            </Box>
            <Typography component="h3" variant="subtitle2">
              {intl.formatMessage({ id: 'integrations.secret.header' })}
            </Typography>
            <Box component="code" sx={{ display: 'block', wordBreak: 'break-all' }}>
              {SIGNATURE_HEADER}
            </Box>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {intl.formatMessage({ id: 'integrations.secret.headerHelp' }, { signed: '"<t>.<body>"' })}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              {intl.formatMessage({ id: 'integrations.secret.done' })}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
