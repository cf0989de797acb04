import type { MappedPointOfCare, Workflow } from '@careboard/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useRest } from '../../ui/crud/rest.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';

/**
 * A point of care the feed brought and no mapping names, mapped to a workflow in one step: a
 * workflow select and **Map to workflow**, which posts `adt/unmapped-points-of-care/map`; the
 * server makes the mapping and reads that point of care's stored messages again (FEED-67). The
 * answer goes to `onMapped`, because the row or message this form sits in changes once mapped.
 */
export function MapToWorkflow({
  pointOfCare,
  workflows,
  onMapped,
}: {
  readonly pointOfCare: string;
  readonly workflows: readonly Workflow[] | undefined;
  readonly onMapped: (answer: MappedPointOfCare) => void;
}) {
  const intl = useIntl();
  const rest = useRest();
  const [workflowId, setWorkflowId] = useState('');
  const [unchosen, setUnchosen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(undefined);

  const map = async (event: FormEvent) => {
    event.preventDefault();
    if (workflowId === '') {
      setUnchosen(true);
      return;
    }
    setBusy(true);
    setRefusal(undefined);
    try {
      const answer = (await rest.post('adt/unmapped-points-of-care/map', {
        point_of_care: pointOfCare,
        workflow_id: Number(workflowId),
      })) as MappedPointOfCare;
      onMapped(answer);
    } catch (error) {
      setRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  if (workflows?.length === 0) {
    return (
      <Typography variant="body2">{intl.formatMessage({ id: 'integrations.map.noWorkflow' })}</Typography>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={map}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={intl.formatMessage({ id: 'integrations.map.workflow' })}
          value={workflowId}
          onChange={(event) => {
            setWorkflowId(event.target.value);
            setUnchosen(false);
          }}
          error={unchosen}
          helperText={unchosen ? intl.formatMessage({ id: 'integrations.map.chooseWorkflow' }) : undefined}
          sx={{ minWidth: 200 }}
        >
          {(workflows ?? []).map((workflow) => (
            <MenuItem key={workflow.id} value={String(workflow.id)}>
              {workflow.name}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={busy} sx={{ mt: '2px' }}>
          {intl.formatMessage({ id: 'integrations.map.button' })}
        </Button>
      </Box>
      <ErrorAlert error={refusal} />
    </Box>
  );
}

/**
 * What a mapping did, in a live region that is there before it has anything to say (a region
 * added with its text is not announced by every screen reader): the workflow, and how many
 * stored messages were read again and how many of those are on a board now.
 */
export function MappedNotice({
  answer,
  workflows,
}: {
  readonly answer: MappedPointOfCare | undefined;
  readonly workflows: readonly Workflow[] | undefined;
}) {
  const intl = useIntl();
  const workflowId = answer?.point.workflow_id;
  const workflow = workflows?.find((row) => row.id === workflowId)?.name ?? String(workflowId);
  return (
    <Box role="status" sx={{ my: answer ? 1 : 0 }}>
      {answer && (
        <Alert severity="success" role="none">
          {intl.formatMessage(
            { id: 'integrations.map.done' },
            { workflow, replayed: answer.replayed, applied: answer.applied },
          )}
        </Alert>
      )}
    </Box>
  );
}
