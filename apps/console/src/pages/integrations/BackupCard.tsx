import type { BackupStatus } from '@careboard/contracts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { EventTimes } from './EventTimes.tsx';

/**
 * The whole service's scheduled backups, as this customer's admins may see them (CON-71,
 * FND-47): the last success and failure, a warning while the newest failed. Where the backups
 * go and why one failed are the platform operator's: the server's log says.
 */
export function BackupCard({ status, now }: { readonly status: BackupStatus; readonly now: number }) {
  const intl = useIntl();
  return (
    <Card component="section" variant="outlined" aria-labelledby="service-backups-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography component="h2" variant="h6" id="service-backups-heading" sx={{ mb: 1 }}>
          {intl.formatMessage({ id: 'integrations.backups.title' })}
        </Typography>
        {!status.scheduled ? (
          <Typography>{intl.formatMessage({ id: 'integrations.backups.notScheduled' })}</Typography>
        ) : (
          <>
            {status.failing && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {intl.formatMessage({ id: 'integrations.backups.failing' })}
              </Alert>
            )}
            <EventTimes
              now={now}
              times={[
                { label: 'integrations.backups.lastSuccess', at: status.last_success_at },
                {
                  label: 'integrations.backups.lastFailure',
                  at: status.last_failure_at,
                  alarm: status.failing,
                },
              ]}
            />
            <Typography variant="body2">
              {intl.formatMessage({ id: 'integrations.backups.every' }, { hours: status.every_hours ?? 0 })}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
