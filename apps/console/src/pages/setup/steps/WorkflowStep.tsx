import { phaseKinds } from '@careboard/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { workflowWithoutPhases } from '../setup-steps.ts';
import { Field, requiredName, SubmitButton, useIssueText } from './form-parts.tsx';
import { phaseColor } from './phase-palette.ts';
import { StepFrame } from './StepFrame.tsx';
import type { StepProps } from './step-props.ts';
import { useStepForm } from './use-step-form.ts';

const schema = z.object({
  department_id: z.string(),
  name: z.string(),
  phases: z
    .array(z.object({ name: requiredName, kind: z.enum(phaseKinds) }))
    .min(1, { error: 'IS_REQUIRED' }),
});

/**
 * Step 3: a workflow and its phases, in order: add, remove, move up or down, all by keyboard. A
 * workflow left without phases (Setup interrupted) gets its phases here instead of a second
 * workflow (CON-30, CON-35).
 */
export function WorkflowStep({ heading, data, onDone }: StepProps) {
  const intl = useIntl();
  const { http } = useConsoleRuntime();
  const issue = useIssueText();
  const unfinished = workflowWithoutPhases(data);
  const [moved, setMoved] = useState('');
  const { form, onSubmit, refusal, busy } = useStepForm(
    schema.superRefine((values, context) => {
      if (unfinished) return;
      const name = requiredName.safeParse(values.name);
      if (!name.success)
        context.addIssue({
          code: 'custom',
          path: ['name'],
          message: name.error.issues[0]?.message ?? 'IS_REQUIRED',
        });
      if (values.department_id === '')
        context.addIssue({ code: 'custom', path: ['department_id'], message: 'IS_REQUIRED' });
    }),
    {
      department_id: String(data.departments[0]?.id ?? ''),
      name: '',
      phases: [{ name: '', kind: 'arrival' }],
    },
    async (values) => {
      const workflowId =
        unfinished?.id ??
        (
          (await http.sendJson('POST', 'workflows', {
            department_id: Number(values.department_id),
            name: values.name.trim(),
          })) as { id: number }
        ).id;
      // In order, one at a time: each is appended after the one before.
      for (const [index, phase] of values.phases.entries()) {
        await http.sendJson('POST', `workflows/${workflowId}/phases`, {
          name: phase.name,
          kind: phase.kind,
          color: phaseColor(index),
        });
      }
      await onDone();
    },
  );
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'phases' });
  const { errors } = form.formState;
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const kindOptions = phaseKinds.map((kind) => ({ value: kind, label: text(`setup.phaseKind.${kind}`) }));

  const moveTo = (from: number, to: number) => {
    const name = form.getValues(`phases.${from}.name`) || String(from + 1);
    move(from, to);
    setMoved(text('setup.workflow.moved', { name, number: to + 1 }));
    // The moved phase keeps the cursor, in its new place.
    requestAnimationFrame(() => form.setFocus(`phases.${to}.name`));
  };
  const removeAt = (index: number) => {
    remove(index);
    requestAnimationFrame(() => form.setFocus(`phases.${Math.max(0, index - 1)}.name`));
  };

  const nameLabel = text('setup.workflow.name');
  const departmentLabel = text('setup.board.department');
  return (
    <StepFrame
      heading={heading}
      help={
        unfinished ? text('setup.workflow.resume', { name: unfinished.name }) : text('setup.workflow.help')
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        {unfinished ? null : (
          <>
            <Field
              {...form.register('department_id')}
              label={departmentLabel}
              options={data.departments.map((department) => ({
                value: String(department.id),
                label: department.name,
              }))}
            />
            <Field
              {...form.register('name')}
              label={nameLabel}
              required
              error={errors.name !== undefined}
              helperText={issue(errors.name?.message, nameLabel)}
            />
          </>
        )}
        <Typography component="h3" variant="h6" sx={{ mt: 2 }}>
          {text('setup.workflow.phases')}
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {fields.map((field, index) => {
            const number = index + 1;
            const phaseLabel = text('setup.workflow.phaseName', { number });
            const phaseError = errors.phases?.[index]?.name?.message;
            return (
              <Box component="li" key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <Box sx={{ flex: 2 }}>
                  <Field
                    {...form.register(`phases.${index}.name`)}
                    label={phaseLabel}
                    required
                    error={phaseError !== undefined}
                    helperText={issue(phaseError, phaseLabel)}
                  />
                </Box>
                <Box sx={{ flex: 1 }}>
                  <Field
                    {...form.register(`phases.${index}.kind`)}
                    label={text('setup.workflow.phaseKind', { number })}
                    options={kindOptions}
                  />
                </Box>
                <Box sx={{ display: 'flex', pt: 2 }}>
                  <IconButton
                    aria-label={text('setup.workflow.moveUp', { number })}
                    disabled={index === 0}
                    onClick={() => moveTo(index, index - 1)}
                  >
                    <ArrowUpwardIcon aria-hidden />
                  </IconButton>
                  <IconButton
                    aria-label={text('setup.workflow.moveDown', { number })}
                    disabled={index === fields.length - 1}
                    onClick={() => moveTo(index, index + 1)}
                  >
                    <ArrowDownwardIcon aria-hidden />
                  </IconButton>
                  <IconButton
                    aria-label={text('setup.workflow.remove', { number })}
                    disabled={fields.length === 1}
                    onClick={() => removeAt(index)}
                  >
                    <DeleteOutlineIcon aria-hidden />
                  </IconButton>
                </Box>
              </Box>
            );
          })}
        </Box>
        <Box role="status" aria-live="polite" sx={{ minHeight: '1.5em', fontSize: 14 }}>
          {moved}
        </Box>
        <Button
          startIcon={<AddIcon aria-hidden />}
          onClick={() => append({ name: '', kind: 'waiting' }, { shouldFocus: true })}
        >
          {text('setup.workflow.addPhase')}
        </Button>
        <ErrorAlert error={refusal} />
        <Box>
          <SubmitButton busy={busy} />
        </Box>
      </Box>
    </StepFrame>
  );
}
