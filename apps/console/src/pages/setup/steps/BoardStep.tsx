import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { Field, requiredName, SubmitButton, useIssueText } from './form-parts.tsx';
import { StepFrame } from './StepFrame.tsx';
import type { StepProps } from './step-props.ts';
import { useStepForm } from './use-step-form.ts';

const ASSETS_BOARD = '4';

const schema = z.object({
  name: requiredName,
  display_board_type_id: z.enum(['1', '2', '3', '4']),
  department_id: z.string().min(1, { error: 'IS_REQUIRED' }),
  workflow_id: z.string(),
});

/**
 * Step 5: a board: its name and type, its department; a workflow, family or patient board shows
 * the chosen workflow, an assets PAR-level board every location. Everything else keeps the
 * server's defaults until Boards changes it (CON-36).
 */
export function BoardStep({ heading, data, onDone }: StepProps) {
  const intl = useIntl();
  const { http } = useConsoleRuntime();
  const issue = useIssueText();
  const workflows = data.workflows.filter((workflow) => (data.phaseCounts[workflow.id] ?? 0) > 0);
  const { form, onSubmit, refusal, busy } = useStepForm(
    schema,
    {
      name: '',
      display_board_type_id: '1',
      department_id: String(workflows[0]?.department_id ?? data.departments[0]?.id ?? ''),
      workflow_id: String(workflows[0]?.id ?? ''),
    },
    async (values) => {
      const assets = values.display_board_type_id === ASSETS_BOARD;
      await http.sendJson('POST', 'display-boards', {
        name: values.name,
        display_board_type_id: Number(values.display_board_type_id),
        department_id: Number(values.department_id),
        workflow_ids: assets || values.workflow_id === '' ? [] : [Number(values.workflow_id)],
        location_ids: assets ? data.locations.map((location) => location.id) : [],
      });
      await onDone();
    },
  );
  const text = (id: string) => intl.formatMessage({ id });
  const { errors } = form.formState;
  const type = form.watch('display_board_type_id');
  const nameLabel = text('setup.board.name');
  return (
    <StepFrame heading={heading} help={text('setup.board.help')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Field
          {...form.register('name')}
          label={nameLabel}
          required
          error={errors.name !== undefined}
          helperText={issue(errors.name?.message, nameLabel)}
        />
        <Field
          {...form.register('display_board_type_id')}
          label={text('setup.board.type')}
          options={['1', '2', '3', '4'].map((value) => ({ value, label: text(`setup.board.type.${value}`) }))}
        />
        <Field
          {...form.register('department_id')}
          label={text('setup.board.department')}
          options={data.departments.map((department) => ({
            value: String(department.id),
            label: department.name,
          }))}
        />
        {type === ASSETS_BOARD ? (
          <Typography sx={{ my: 1 }}>{text('setup.board.allLocations')}</Typography>
        ) : (
          <Field
            {...form.register('workflow_id')}
            label={text('setup.board.workflow')}
            options={workflows.map((workflow) => ({ value: String(workflow.id), label: workflow.name }))}
          />
        )}
        <ErrorAlert error={refusal} />
        <SubmitButton busy={busy} />
      </Box>
    </StepFrame>
  );
}
