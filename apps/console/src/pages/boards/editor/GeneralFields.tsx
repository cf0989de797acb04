import type { Department } from '@careboard/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { BoardFormValues } from './board-form.ts';

export const BOARD_TYPES = [1, 2, 3, 4] as const;
export const DISPLAY_STYLES = [1, 2, 3] as const;

/** Name, type, department, page rotation and display style. */
export function GeneralFields({ departments }: { readonly departments: readonly Department[] }) {
  const intl = useIntl();
  const { register, control, formState } = useFormContext<BoardFormValues>();
  const { errors } = formState;
  const text = (id: string) => intl.formatMessage({ id });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label={text('boards.field.name')}
        {...register('name')}
        error={errors.name !== undefined}
        helperText={errors.name?.message}
        required
        sx={{ gridColumn: { sm: '1 / -1' } }}
      />
      <Controller
        control={control}
        name="display_board_type_id"
        render={({ field }) => (
          <TextField
            select
            label={text('boards.field.type')}
            value={field.value}
            onChange={(event) => field.onChange(Number(event.target.value))}
            inputRef={field.ref}
          >
            {BOARD_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {text(`boards.type.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="department_id"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={text('boards.field.department')}
            value={departments.some((d) => d.id === field.value) ? field.value : ''}
            onChange={(event) => field.onChange(Number(event.target.value))}
            inputRef={field.ref}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
            required
          >
            {departments.map((department) => (
              <MenuItem key={department.id} value={department.id}>
                {department.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="display_style_id"
        render={({ field }) => (
          <TextField
            select
            label={text('boards.field.style')}
            value={field.value}
            onChange={(event) => field.onChange(Number(event.target.value))}
            inputRef={field.ref}
          >
            {DISPLAY_STYLES.map((style) => (
              <MenuItem key={style} value={style}>
                {text(`boards.style.${style}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        type="number"
        label={text('boards.field.rotation')}
        {...register('page_rotation_sec', { valueAsNumber: true })}
        error={errors.page_rotation_sec !== undefined}
        helperText={errors.page_rotation_sec?.message}
        slotProps={{ htmlInput: { min: 3, max: 3600, step: 1 } }}
      />
    </Box>
  );
}
