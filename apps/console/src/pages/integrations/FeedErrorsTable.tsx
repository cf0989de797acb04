import type { FeedMessageSummary } from '@careboard/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/en-US.ts';

/** The newest refused or failed messages with their reasons (never a body: the server sends none). */
export function FeedErrorsTable({ errors }: { readonly errors: readonly FeedMessageSummary[] }) {
  const intl = useIntl();
  const text = (id: MessageId) => intl.formatMessage({ id });
  return (
    <section aria-labelledby="feed-errors-heading">
      <Typography component="h2" variant="h5" id="feed-errors-heading" sx={{ mt: 3, mb: 1 }}>
        {text('integrations.errors.title')}
      </Typography>
      {errors.length === 0 ? (
        <Typography>{text('integrations.errors.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="feed-errors-heading">
            <TableHead>
              <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableCell>{text('integrations.errors.receivedAt')}</TableCell>
                <TableCell>{text('integrations.errors.feed')}</TableCell>
                <TableCell>{text('integrations.errors.type')}</TableCell>
                <TableCell>{text('integrations.errors.controlId')}</TableCell>
                <TableCell>{text('integrations.errors.outcome')}</TableCell>
                <TableCell>{text('integrations.errors.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {errors.map((error) => (
                <TableRow key={error.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {intl.formatDate(error.received_at, { dateStyle: 'short', timeStyle: 'medium' })}
                  </TableCell>
                  <TableCell>{text(`integrations.feed.${error.transport}` as MessageId)}</TableCell>
                  <TableCell>{error.message_type ?? ''}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{error.control_id ?? ''}</TableCell>
                  <TableCell>
                    {error.status === 'rejected' || error.status === 'error'
                      ? text(`integrations.outcome.${error.status}`)
                      : error.status}
                  </TableCell>
                  <TableCell>{error.reason ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}
