import type { BackupStatus, FeedStatus } from '@careboard/contracts';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { StatusMessage } from '../../ui/StatusMessage.tsx';
import { BackupCard } from './BackupCard.tsx';
import { FeedCard } from './FeedCard.tsx';
import { FeedErrorsTable } from './FeedErrorsTable.tsx';
import { useMayWriteFeeds } from './feed-access.ts';
import { STATUS_REFRESH_MS } from './feed-status.ts';
import { Hl7Tools } from './Hl7Tools.tsx';
import { WebhookSecret } from './WebhookSecret.tsx';

/**
 * The feeds' health (FEED-46 to FEED-48): a card per feed, the newest errors (read again, for
 * those who may write, FEED-67), the webhook secret, and the HL7 part: the points of care no
 * mapping names and a dry run.
 */
export function IntegrationsPage() {
  const intl = useIntl();
  const status = useLiveQuery<FeedStatus>('feeds/status');
  const backups = useLiveQuery<BackupStatus>('service/backups');
  const mayWrite = useMayWriteFeeds();
  const [now, setNow] = useState(() => Date.now());
  const { reload } = status;
  const { reload: reloadBackups } = backups;
  useEffect(() => {
    const timer = setInterval(() => {
      reload();
      reloadBackups();
      setNow(Date.now());
    }, STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload, reloadBackups]);
  useEffect(() => {
    if (status.data) setNow(Date.now());
  }, [status.data]);

  return (
    <>
      <PageHeading>{intl.formatMessage({ id: 'nav.integrations' })}</PageHeading>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>
        {intl.formatMessage({ id: 'page.integrations.description' })}
      </Typography>
      {backups.data && <BackupCard status={backups.data} now={now} />}
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
          <FeedErrorsTable errors={status.data.errors} mayReplay={mayWrite} onReplayed={reload} />
        </>
      )}
      <Hl7Tools />
    </>
  );
}
