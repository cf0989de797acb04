import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { Field, requiredName, SubmitButton, useIssueText } from './form-parts.tsx';
import { StepFrame } from './StepFrame.tsx';
import type { StepProps } from './step-props.ts';
import { browserTimeZone, timeZones } from './time-zones.ts';
import { useStepForm } from './use-step-form.ts';

const schema = z.object({
  name: requiredName,
  default_timezone: z.string().min(1, { error: 'IS_REQUIRED' }),
});

/** Step 1: a site and its IANA time zone, the browser's own zone chosen to start with (CON-34). */
export function SiteStep({ heading, onDone }: StepProps) {
  const intl = useIntl();
  const { http } = useConsoleRuntime();
  const issue = useIssueText();
  const zones = useMemo(
    () => timeZones().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    [],
  );
  const { form, onSubmit, refusal, busy } = useStepForm(
    schema,
    { name: '', default_timezone: browserTimeZone() },
    async (values) => {
      await http.sendJson('POST', 'sites', values);
      await onDone();
    },
  );
  const nameLabel = intl.formatMessage({ id: 'setup.site.name' });
  const zoneLabel = intl.formatMessage({ id: 'setup.site.timeZone' });
  const { errors } = form.formState;
  return (
    <StepFrame heading={heading} help={intl.formatMessage({ id: 'setup.site.help' })}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Field
          {...form.register('name')}
          label={nameLabel}
          required
          error={errors.name !== undefined}
          helperText={issue(errors.name?.message, nameLabel)}
        />
        <Field
          {...form.register('default_timezone')}
          label={zoneLabel}
          options={zones}
          error={errors.default_timezone !== undefined}
          helperText={issue(errors.default_timezone?.message, zoneLabel)}
        />
        <ErrorAlert error={refusal} />
        <SubmitButton busy={busy} />
      </Box>
    </StepFrame>
  );
}
