import type { MappedPointOfCare, Page, UnmappedPointOfCare, Workflow } from '@careboard/contracts';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { listPath } from '../../ui/crud/rest.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { useMayWriteFeeds } from './feed-access.ts';
import { STATUS_REFRESH_MS } from './feed-status.ts';
import { MappedNotice, MapToWorkflow } from './MapToWorkflow.tsx';

/**
 * The points of care the HL7 feed brought that no mapping names, newest first, with how many
 * messages each brought and when (FEED-63), and for those who may write a one-click map per row
 * (FEED-67).
 * A mapping is a change-log kind, so the list is read again at once after one; the counts grow
 * with feed messages, which write no change row, so the list is also read with the status.
 */
export function UnmappedPointsOfCare({ workflows }: { readonly workflows: readonly Workflow[] | undefined }) {
  const intl = useIntl();
  const mayWrite = useMayWriteFeeds();
  const points = useLiveQuery<Page<UnmappedPointOfCare>>(listPath('adt/unmapped-points-of-care'), [
    'adt_point_of_care',
  ]);
  const [mapped, setMapped] = useState<MappedPointOfCare | undefined>(undefined);
  const { reload } = points;
  useEffect(() => {
    const timer = setInterval(reload, STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  const onMapped = (answer: MappedPointOfCare) => {
    setMapped(answer);
    reload();
  };
  const when = (at: string) => intl.formatDate(at, { dateStyle: 'short', timeStyle: 'short' });
  const items = points.data?.items;

  return (
    <Box component="section" aria-labelledby="unmapped-points-heading" sx={{ mb: 3 }}>
      <Typography component="h3" variant="h6" id="unmapped-points-heading" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'integrations.unmapped.title' })}
      </Typography>
      <Typography variant="body2" sx={{ maxWidth: '70ch', mb: 1 }}>
        {intl.formatMessage({ id: 'integrations.unmapped.intro' })}
      </Typography>
      <MappedNotice answer={mapped} workflows={workflows} />
      <ErrorAlert error={points.error} />
      {items === undefined ? (
        points.loading && <Typography>{intl.formatMessage({ id: 'app.loading' })}</Typography>
      ) : items.length === 0 ? (
        <Typography>{intl.formatMessage({ id: 'integrations.unmapped.empty' })}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="unmapped-points-heading">
            <TableHead>
              <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableCell>{intl.formatMessage({ id: 'integrations.unmapped.pointOfCare' })}</TableCell>
                <TableCell align="right">
                  {intl.formatMessage({ id: 'integrations.unmapped.messages' })}
                </TableCell>
                <TableCell>{intl.formatMessage({ id: 'integrations.unmapped.firstSeen' })}</TableCell>
                <TableCell>{intl.formatMessage({ id: 'integrations.unmapped.lastSeen' })}</TableCell>
                {mayWrite && <TableCell>{intl.formatMessage({ id: 'integrations.unmapped.map' })}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((point) => (
                <TableRow key={point.point_of_care}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{point.point_of_care}</TableCell>
                  <TableCell align="right">{intl.formatNumber(point.messages)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(point.first_at)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(point.last_at)}</TableCell>
                  {mayWrite && (
                    <TableCell>
                      <MapToWorkflow
                        pointOfCare={point.point_of_care}
                        workflows={workflows}
                        onMapped={onMapped}
                      />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {points.data && points.data.total > points.data.items.length && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {intl.formatMessage(
            { id: 'integrations.unmapped.shown' },
            { shown: points.data.items.length, total: points.data.total },
          )}
        </Typography>
      )}
    </Box>
  );
}
