import type { Phase } from '@careboard/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { type Admission, admitSchema } from './admit-form.ts';
import { BadgeSelect } from './BadgeSelect.tsx';
import type { BadgeTag } from './desk-data.ts';

/**
 * A patient arrives: names, the phase they start in (the workflow's first unless chosen) and the
 * badge they are handed. `onAdmit` answers whether it was done, and the form empties only then.
 */
export function AdmitForm({
  phases,
  badges,
  onAdmit,
}: {
  readonly phases: readonly Phase[];
  readonly badges: readonly BadgeTag[];
  readonly onAdmit: (admission: Admission) => Promise<boolean>;
}) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const firstPhase = phases[0]?.id;
  const form = useForm({
    resolver: zodResolver(admitSchema),
    defaultValues: { first_name: '', last_name: '', phase_id: firstPhase ?? 0, badge_id: null },
  });
  const { errors } = form.formState;

  // Another workflow's phases: start in its first.
  useEffect(() => {
    if (firstPhase !== undefined) form.setValue('phase_id', firstPhase);
  }, [firstPhase, form]);

  const submit = form.handleSubmit(async (admission) => {
    if (await onAdmit(admission)) {
      form.reset({ first_name: '', last_name: '', phase_id: firstPhase ?? 0, badge_id: null });
    }
  });

  const fieldError = (message: string | undefined) =>
    message === undefined ? {} : { error: true, helperText: text(message, { max: 60 }) };

  return (
    <Paper component="section" aria-labelledby="desk-admit-heading" variant="outlined" sx={{ p: 2 }}>
      <Typography id="desk-admit-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {text('desk.admit.heading')}
      </Typography>
      <form onSubmit={submit} noValidate>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            label={text('desk.admit.firstName')}
            required
            autoComplete="off"
            {...form.register('first_name')}
            {...fieldError(errors.first_name?.message)}
          />
          <TextField
            label={text('desk.admit.lastName')}
            required
            autoComplete="off"
            {...form.register('last_name')}
            {...fieldError(errors.last_name?.message)}
          />
          <Controller
            control={form.control}
            name="phase_id"
            render={({ field }) => (
              <TextField
                select
                label={text('desk.admit.phase')}
                value={phases.some((phase) => phase.id === field.value) ? String(field.value) : ''}
                onChange={(event) => field.onChange(Number(event.target.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ minWidth: 160 }}
              >
                {phases.map((phase) => (
                  <MenuItem key={phase.id} value={String(phase.id)}>
                    {phase.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="badge_id"
            render={({ field }) => (
              <BadgeSelect
                label={text('desk.admit.badge')}
                value={field.value}
                onChange={field.onChange}
                badges={badges}
                name={field.name}
              />
            )}
          />
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ mt: 1 }}>
            {text('desk.admit.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
