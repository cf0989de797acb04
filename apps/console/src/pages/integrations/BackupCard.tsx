import type { BackupStatus } from '@careboard/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { relativeTo } from './feed-status.ts';

/**
 * The whole service's scheduled backups, as this customer's admins may see them (CON-71,
 * FND-47): the last success and failure, a warning while the newest failed. Where the backups
 * go and why one failed are the platform operator's: the server's log says.
 */
export function BackupCard({ status, now }: { readonly status: BackupStatus; readonly now: number }) {
  const intl = useIntl();
  const when = (at: string | null) => {
    if (at === null) return intl.formatMessage({ id: 'integrations.never' });
    const { value, unit } = relativeTo(at, now);
    return intl.formatRelativeTime(value, unit, { numeric: 'auto' });
  };
  const exact = (at: string | null) =>
    at === null ? undefined : intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'medium' });
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
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, my: 1 }}
            >
              <Typography component="dt" color="text.secondary">
                {intl.formatMessage({ id: 'integrations.backups.lastSuccess' })}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} title={exact(status.last_success_at)}>
                {when(status.last_success_at)}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {intl.formatMessage({ id: 'integrations.backups.lastFailure' })}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0 }}
                color={status.failing ? 'error' : undefined}
                title={exact(status.last_failure_at)}
              >
                {when(status.last_failure_at)}
              </Typography>
            </Box>
            <Typography variant="body2">
              {intl.formatMessage({ id: 'integrations.backups.every' }, { hours: status.every_hours ?? 0 })}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
