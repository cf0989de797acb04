import type { TransportStatus } from '@careboard/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/en-US.ts';
import { EventTimes } from './EventTimes.tsx';
import { totalsOf } from './feed-status.ts';
import { HourBars } from './HourBars.tsx';

/** One feed's card: its last message and error (relative, the exact time on hover), the day by the hour. */
export function FeedCard({ status, now }: { readonly status: TransportStatus; readonly now: number }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: `integrations.feed.${status.transport}` as MessageId });
  const headingId = `feed-${status.transport}-heading`;
  const totals = totalsOf(status.hours);
  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h3" variant="h6" id={headingId} sx={{ mb: 1 }}>
          {name}
        </Typography>
        <EventTimes
          now={now}
          times={[
            { label: 'integrations.lastMessage', at: status.last_message_at },
            {
              label: 'integrations.lastError',
              at: status.last_error_at,
              alarm: status.last_error_at !== null,
            },
          ]}
        />
        <HourBars hours={status.hours} feed={name} />
        <Typography variant="body2" sx={{ mt: 1 }}>
          {intl.formatMessage({ id: 'integrations.totals' }, totals)}
        </Typography>
      </CardContent>
    </Card>
  );
}
