import type { FeedHour } from '@careboard/contracts';
import Box from '@mui/material/Box';
import { useIntl } from 'react-intl';

/**
 * The last 24 hours as small bars (errors stacked on the rest), no chart library. The bars are
 * a picture: its accessible name says what it shows, each bar's title its hour and counts, and
 * the card's text gives the totals (decision FEED-47).
 */
export function HourBars({ hours, feed }: { readonly hours: readonly FeedHour[]; readonly feed: string }) {
  const intl = useIntl();
  const highest = Math.max(1, ...hours.map((hour) => hour.received));
  const time = (at: string | undefined) =>
    at === undefined ? '' : intl.formatTime(at, { hour: 'numeric', minute: '2-digit' });
  return (
    <>
      <Box
        role="img"
        aria-label={intl.formatMessage({ id: 'integrations.chart' }, { feed })}
        sx={{
          display: 'flex',
          alignItems: 'flex-end',
          gap: '2px',
          height: 56,
          px: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {hours.map((hour) => {
          const others = hour.received - hour.errors;
          return (
            <Box
              key={hour.hour}
              title={intl.formatMessage(
                { id: 'integrations.chartHour' },
                {
                  hour: intl.formatTime(hour.hour, { hour: 'numeric', minute: '2-digit' }),
                  received: hour.received,
                  errors: hour.errors,
                },
              )}
              sx={{
                flex: 1,
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'flex-end',
                height: '100%',
              }}
            >
              <Box sx={{ height: `${(hour.errors / highest) * 100}%`, bgcolor: 'error.main' }} />
              <Box
                sx={{
                  height: `${(others / highest) * 100}%`,
                  minHeight: hour.received === 0 ? '1px' : undefined,
                  bgcolor: hour.received === 0 ? 'grey.400' : 'primary.main',
                }}
              />
            </Box>
          );
        })}
      </Box>
      {/* Where the day starts and ends; the picture's name already says it is the last 24 hours. */}
      <Box
        aria-hidden
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          typography: 'caption',
          color: 'text.secondary',
        }}
      >
        <span>{time(hours[0]?.hour)}</span>
        <span>{time(hours.at(-1)?.hour)}</span>
      </Box>
    </>
  );
}
