import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/en-US.ts';
import { relativeTo } from './feed-status.ts';

export interface EventTime {
  readonly label: MessageId;
  /** ISO time, or null for never. */
  readonly at: string | null;
  /** Shown in the error colour (a failure that still stands). */
  readonly alarm?: boolean;
}

/**
 * A card's times as a description list: each relative to `now` ("5 minutes ago", "never"), the
 * exact time on hover. The feed cards and the backups card share it.
 */
export function EventTimes({ times, now }: { readonly times: readonly EventTime[]; readonly now: number }) {
  const intl = useIntl();
  const when = (at: string | null) => {
    if (at === null) return intl.formatMessage({ id: 'integrations.never' });
    const { value, unit } = relativeTo(at, now);
    return intl.formatRelativeTime(value, unit, { numeric: 'auto' });
  };
  const exact = (at: string | null) =>
    at === null ? undefined : intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, my: 1 }}>
      {times.map(({ label, at, alarm }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {intl.formatMessage({ id: label })}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} color={alarm ? 'error' : undefined} title={exact(at)}>
            {when(at)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
