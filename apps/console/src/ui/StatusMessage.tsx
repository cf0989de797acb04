import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/en-US.ts';

/**
 * A whole-page state in words (loading, signing in, nothing to show): a live
 * region, so a screen reader announces it without the focus moving.
 */
export function StatusMessage({
  message,
  busy = false,
}: {
  readonly message: MessageId;
  readonly busy?: boolean;
}) {
  const intl = useIntl();
  return (
    <Box
      role="status"
      aria-busy={busy}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: '50vh',
        p: 3,
      }}
    >
      {busy && <CircularProgress size={24} aria-hidden />}
      <Typography>{intl.formatMessage({ id: message })}</Typography>
    </Box>
  );
}
