import { locationKinds } from '@careboard/contracts';
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

/**
 * Step 4: a location and a station in it, in one form; with a location already there, only the
 * station (CON-36). More of either: Care setting.
 */
export function PlacesStep({ heading, data, onDone }: StepProps) {
  const intl = useIntl();
  const { http } = useConsoleRuntime();
  const issue = useIssueText();
  const existing = data.locations.length > 0;
  const schema = z.object({
    location_name: existing ? z.string() : requiredName,
    location_kind: z.enum(locationKinds),
    location_id: z.string(),
    station_name: requiredName,
  });
  const { form, onSubmit, refusal, busy } = useStepForm(
    schema,
    {
      location_name: '',
      location_kind: 'exam_room',
      location_id: String(data.locations[0]?.id ?? ''),
      station_name: '',
    },
    async (values) => {
      const locationId = existing
        ? Number(values.location_id)
        : (
            (await http.sendJson('POST', 'locations', {
              name: values.location_name,
              kind: values.location_kind,
            })) as {
              id: number;
            }
          ).id;
      await http.sendJson('POST', 'stations', { location_id: locationId, name: values.station_name });
      await onDone();
    },
  );
  const text = (id: string) => intl.formatMessage({ id });
  const { errors } = form.formState;
  const locationLabel = text('setup.places.locationName');
  const stationLabel = text('setup.places.stationName');
  return (
    <StepFrame heading={heading} help={text('setup.places.help')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Typography component="h3" variant="h6">
          {text('setup.places.location')}
        </Typography>
        {existing ? (
          <Field
            {...form.register('location_id')}
            label={text('setup.places.stationLocation')}
            options={data.locations.map((location) => ({ value: String(location.id), label: location.name }))}
          />
        ) : (
          <>
            <Field
              {...form.register('location_name')}
              label={locationLabel}
              required
              error={errors.location_name !== undefined}
              helperText={issue(errors.location_name?.message, locationLabel)}
            />
            <Field
              {...form.register('location_kind')}
              label={text('setup.places.locationKind')}
              options={locationKinds.map((kind) => ({
                value: kind,
                label: text(`setup.locationKind.${kind}`),
              }))}
            />
          </>
        )}
        <Typography component="h3" variant="h6" sx={{ mt: 2 }}>
          {text('setup.places.station')}
        </Typography>
        <Field
          {...form.register('station_name')}
          label={stationLabel}
          required
          error={errors.station_name !== undefined}
          helperText={issue(errors.station_name?.message, stationLabel)}
        />
        <ErrorAlert error={refusal} />
        <SubmitButton busy={busy} />
      </Box>
    </StepFrame>
  );
}
