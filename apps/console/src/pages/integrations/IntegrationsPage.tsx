import type { FeedStatus } from '@careboard/contracts';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { StatusMessage } from '../../ui/StatusMessage.tsx';
import { FeedCard } from './FeedCard.tsx';
import { FeedErrorsTable } from './FeedErrorsTable.tsx';
import { WebhookSecret } from './WebhookSecret.tsx';

/**
 * How often the status is read again. Feed messages write no change-log row, and what they
 * change (visits, tags) changes many times a second under load, so the page polls instead of
 * listening (decision FEED-46).
 */
export const STATUS_REFRESH_MS = 30_000;

/** The feeds' health (FEED-46 to FEED-48): a card per feed, the newest errors, and the webhook secret. */
export function IntegrationsPage() {
  const intl = useIntl();
  const status = useLiveQuery<FeedStatus>('feeds/status');
  const [now, setNow] = useState(() => Date.now());
  const { reload } = status;
  useEffect(() => {
    const timer = setInterval(() => {
      reload();
      setNow(Date.now());
    }, STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  useEffect(() => {
    if (status.data) setNow(Date.now());
  }, [status.data]);

  return (
    <>
      <PageHeading>{intl.formatMessage({ id: 'nav.integrations' })}</PageHeading>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>
        {intl.formatMessage({ id: 'page.integrations.description' })}
      </Typography>
      <WebhookSecret />
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'integrations.feeds' })}
      </Typography>
      <ErrorAlert error={status.error} />
      {status.data === undefined ? (
        status.loading && <StatusMessage busy message="app.loading" />
      ) : (
        <>
          <Grid container spacing={2}>
            {status.data.transports.map((transport) => (
              <Grid key={transport.transport} size={{ xs: 12, md: 6, xl: 3 }}>
                <FeedCard status={transport} now={now} />
              </Grid>
            ))}
          </Grid>
          <FeedErrorsTable errors={status.data.errors} />
        </>
      )}
    </>
  );
}
