import { ANNOUNCEMENT_RATE_MAX, ANNOUNCEMENT_RATE_MIN, ANNOUNCEMENT_VOICES } from '@careboard/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { BoardFormValues } from './board-form.ts';

/** A patient board's voice and speaking rate (decision SCR-13). */
export function VoiceFields() {
  const intl = useIntl();
  const { register, control, formState } = useFormContext<BoardFormValues>();
  const text = (id: string) => intl.formatMessage({ id });
  const rateError = formState.errors.announcement_rate?.message;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, my: 2 }}>
      <Controller
        control={control}
        name="announcement_voice"
        render={({ field }) => (
          <TextField
            select
            label={text('boards.field.announcement_voice')}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            inputRef={field.ref}
          >
            {ANNOUNCEMENT_VOICES.map((voice) => (
              <MenuItem key={voice} value={voice}>
                {text(`boards.voice.${voice}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        type="number"
        label={text('boards.field.announcement_rate')}
        {...register('announcement_rate', { valueAsNumber: true })}
        error={rateError !== undefined}
        helperText={rateError ?? text('boards.field.announcement_rate.help')}
        slotProps={{ htmlInput: { min: ANNOUNCEMENT_RATE_MIN, max: ANNOUNCEMENT_RATE_MAX, step: 0.05 } }}
      />
    </Box>
  );
}
