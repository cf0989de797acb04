import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, type FieldPath, useFormContext } from 'react-hook-form';
import type { BoardFormValues } from './board-form.ts';

type BooleanField = Extract<
  FieldPath<BoardFormValues>,
  | 'show_badge'
  | 'show_display_name'
  | 'show_estimated_duration'
  | 'show_avg_duration'
  | 'show_expected'
  | 'play_tone'
  | 'play_announcement'
>;

/** One of the board's on/off settings, labelled by its visible text. */
export function SwitchField({ name, label }: { readonly name: BooleanField; readonly label: string }) {
  const { control } = useFormContext<BoardFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Switch
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
          }
        />
      )}
    />
  );
}
