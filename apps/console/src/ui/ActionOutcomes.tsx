import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useIntl } from 'react-intl';
import type { ActionRecord } from '../data/use-socket-actions.ts';

/**
 * What became of the page's writes (decision CON-10): pending, done (cleared 5 s later) or
 * failed with the catalogue's text, announced politely to screen readers.
 */
export function ActionOutcomes({
  records,
  onDismiss,
}: {
  readonly records: readonly ActionRecord[];
  readonly onDismiss: (correlationId: string) => void;
}) {
  const intl = useIntl();
  return (
    <Stack spacing={1} role="status" aria-live="polite" sx={{ my: 1 }}>
      {records.map((record) => (
        <Alert
          key={record.correlationId}
          severity={record.status === 'failed' ? 'error' : record.status === 'done' ? 'success' : 'info'}
          {...(record.status === 'failed' ? { onClose: () => onDismiss(record.correlationId) } : {})}
        >
          {record.status === 'failed'
            ? `${record.label}: ${record.error ?? ''}`
            : intl.formatMessage(
                { id: record.status === 'done' ? 'action.done' : 'action.pending' },
                { action: record.label },
              )}
        </Alert>
      ))}
    </Stack>
  );
}
