import type { TransportStatus } from '@careboard/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/en-US.ts';
import { relativeTo, totalsOf } from './feed-status.ts';
import { HourBars } from './HourBars.tsx';

/** One feed's card: its last message and error (relative, the exact time on hover), the day by the hour. */
export function FeedCard({ status, now }: { readonly status: TransportStatus; readonly now: number }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: `integrations.feed.${status.transport}` as MessageId });
  const headingId = `feed-${status.transport}-heading`;
  const when = (at: string | null) => {
    if (at === null) return intl.formatMessage({ id: 'integrations.never' });
    const { value, unit } = relativeTo(at, now);
    return intl.formatRelativeTime(value, unit, { numeric: 'auto' });
  };
  const exact = (at: string | null) =>
    at === null ? undefined : intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'medium' });
  const totals = totalsOf(status.hours);
  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h3" variant="h6" id={headingId} sx={{ mb: 1 }}>
          {name}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, my: 1 }}>
          <Typography component="dt" color="text.secondary">
            {intl.formatMessage({ id: 'integrations.lastMessage' })}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} title={exact(status.last_message_at)}>
            {when(status.last_message_at)}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {intl.formatMessage({ id: 'integrations.lastError' })}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0 }}
            color={status.last_error_at ? 'error' : undefined}
            title={exact(status.last_error_at)}
          >
            {when(status.last_error_at)}
          </Typography>
        </Box>
        <HourBars hours={status.hours} feed={name} />
        <Typography variant="body2" sx={{ mt: 1 }}>
          {intl.formatMessage({ id: 'integrations.totals' }, totals)}
        </Typography>
      </CardContent>
    </Card>
  );
}
