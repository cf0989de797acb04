import type { FeedMessageSummary, ReplayedMessage } from '@careboard/contracts';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/en-US.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { isReplayable } from './feed-status.ts';
import { ReplayButton } from './ReplayButton.tsx';

/**
 * The newest refused, failed or ignored messages with their reasons (never a body: the server
 * sends none). With `mayReplay`, an HL7 message that reached no board has **Read again**; its new
 * outcome shows above the table, which stays there when the status read afterwards drops the row.
 */
export function FeedErrorsTable({
  errors,
  mayReplay = false,
  onReplayed,
}: {
  readonly errors: readonly FeedMessageSummary[];
  readonly mayReplay?: boolean;
  readonly onReplayed?: () => void;
}) {
  const intl = useIntl();
  const text = (id: MessageId) => intl.formatMessage({ id });
  const [replayed, setReplayed] = useState<FeedMessageSummary | undefined>(undefined);
  const [refusal, setRefusal] = useState<unknown>(undefined);
  const replayedNow = (answer: ReplayedMessage) => {
    setRefusal(undefined);
    setReplayed(answer.message);
    onReplayed?.();
  };
  const refused = (error: unknown) => {
    setReplayed(undefined);
    setRefusal(error);
  };
  return (
    <section aria-labelledby="feed-errors-heading">
      <Typography component="h2" variant="h5" id="feed-errors-heading" sx={{ mt: 3, mb: 1 }}>
        {text('integrations.errors.title')}
      </Typography>
      {mayReplay && (
        <>
          <Box role="status" sx={{ mb: replayed ? 1 : 0 }}>
            {replayed &&
              intl.formatMessage(
                { id: 'integrations.replay.done' },
                {
                  controlId: replayed.control_id ?? replayed.id,
                  outcome: text(`integrations.outcome.${replayed.status}`),
                  reason: replayed.reason ?? 'none',
                },
              )}
          </Box>
          <ErrorAlert error={refusal} />
        </>
      )}
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
                {mayReplay && <TableCell>{text('integrations.errors.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {errors.map((error) => (
                <TableRow key={error.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {intl.formatDate(error.received_at, { dateStyle: 'short', timeStyle: 'medium' })}
                  </TableCell>
                  <TableCell>{text(`integrations.feed.${error.transport}`)}</TableCell>
                  <TableCell>{error.message_type ?? ''}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{error.control_id ?? ''}</TableCell>
                  <TableCell>{text(`integrations.outcome.${error.status}`)}</TableCell>
                  <TableCell>{error.reason ?? ''}</TableCell>
                  {mayReplay && (
                    <TableCell>
                      {isReplayable(error) && (
                        <ReplayButton message={error} onReplayed={replayedNow} onRefused={refused} />
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}
