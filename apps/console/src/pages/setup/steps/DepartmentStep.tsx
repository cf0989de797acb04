import Box from '@mui/material/Box';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { Field, requiredName, SubmitButton, useIssueText } from './form-parts.tsx';
import { StepFrame } from './StepFrame.tsx';
import type { StepProps } from './step-props.ts';
import { useStepForm } from './use-step-form.ts';

const schema = z.object({
  site_id: z.string().min(1, { error: 'IS_REQUIRED' }).transform(Number),
  name: requiredName,
});

/** Step 2: a department of a site (the first site chosen). */
export function DepartmentStep({ heading, data, onDone }: StepProps) {
  const intl = useIntl();
  const { http } = useConsoleRuntime();
  const issue = useIssueText();
  const { form, onSubmit, refusal, busy } = useStepForm(
    schema,
    { site_id: String(data.sites[0]?.id ?? ''), name: '' },
    async (values) => {
      await http.sendJson('POST', 'departments', values);
      await onDone();
    },
  );
  const siteLabel = intl.formatMessage({ id: 'setup.department.site' });
  const nameLabel = intl.formatMessage({ id: 'setup.department.name' });
  const { errors } = form.formState;
  return (
    <StepFrame heading={heading} help={intl.formatMessage({ id: 'setup.department.help' })}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Field
          {...form.register('site_id')}
          label={siteLabel}
          options={data.sites.map((site) => ({ value: String(site.id), label: site.name }))}
          error={errors.site_id !== undefined}
          helperText={issue(errors.site_id?.message, siteLabel)}
        />
        <Field
          {...form.register('name')}
          label={nameLabel}
          required
          error={errors.name !== undefined}
          helperText={issue(errors.name?.message, nameLabel)}
        />
        <ErrorAlert error={refusal} />
        <SubmitButton busy={busy} />
      </Box>
    </StepFrame>
  );
}
