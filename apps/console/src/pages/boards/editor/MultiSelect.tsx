import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type FieldPath, useFormContext } from 'react-hook-form';
import type { BoardFormValues } from './board-form.ts';

type ListField = Extract<FieldPath<BoardFormValues>, 'workflow_ids' | 'phase_ids' | 'location_ids'>;

/** A list of ids chosen from `options`, as one labelled select (none chosen is a valid answer). */
export function MultiSelect({
  name,
  label,
  help,
  options,
}: {
  readonly name: ListField;
  readonly label: string;
  readonly help: string;
  readonly options: readonly { readonly id: number; readonly name: string }[];
}) {
  const { control } = useFormContext<BoardFormValues>();
  const nameOf = new Map(options.map((option) => [option.id, option.name]));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          value={field.value}
          onChange={(event) => {
            const value = event.target.value as unknown;
            field.onChange(Array.isArray(value) ? value.map(Number) : []);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? help}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) =>
                (selected as number[]).map((id) => nameOf.get(id) ?? `#${id}`).join(', '),
            },
          }}
        >
          {options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
