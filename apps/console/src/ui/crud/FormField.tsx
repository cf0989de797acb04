import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useConsoleRuntime } from '../../runtime-config/console-runtime.ts';
import type { CrudField } from './crud-types.ts';
import { type FormValues, issueText } from './form-schema.ts';

/**
 * One labelled control of a form. A select is MUI's TextField select: a button with the label
 * as its name, opened with Enter, Space or the arrow keys. A form issue's message is a catalogue
 * code (form-schema.ts) shown as the catalogue's text; a server refusal's is the text itself.
 */
export function FormField<Body>({
  field,
  control,
  autoFocus = false,
}: {
  readonly field: CrudField;
  readonly control: Control<FormValues, unknown, Body>;
  readonly autoFocus?: boolean;
}) {
  const intl = useIntl();
  const { locale } = useConsoleRuntime();
  const label = intl.formatMessage({ id: field.label });
  const helper = field.helper ? intl.formatMessage({ id: field.helper }) : undefined;
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input, fieldState }) => {
        if (field.kind === 'switch') {
          return (
            <FormControlLabel
              control={
                <Switch
                  checked={input.value === true}
                  onChange={(event) => input.onChange(event.target.checked)}
                  onBlur={input.onBlur}
                  name={input.name}
                  slotProps={{ input: { ref: input.ref } }}
                />
              }
              label={label}
            />
          );
        }
        const message = fieldState.error?.message;
        // A server refusal's text arrives as it is; a form check's message is a catalogue code.
        const errorText =
          message === undefined
            ? undefined
            : fieldState.error?.type === 'server'
              ? message
              : issueText(message, label, locale);
        return (
          <TextField
            label={label}
            value={typeof input.value === 'string' ? input.value : ''}
            onChange={(event) => input.onChange(event.target.value)}
            onBlur={input.onBlur}
            inputRef={input.ref}
            name={input.name}
            error={errorText !== undefined}
            helperText={errorText ?? helper}
            fullWidth
            margin="dense"
            autoFocus={autoFocus}
            autoComplete={field.autoComplete ?? 'off'}
            select={field.kind === 'select'}
            type={field.kind === 'password' ? 'password' : field.kind === 'color' ? 'color' : 'text'}
            slotProps={{
              htmlInput: field.kind === 'number' ? { inputMode: 'numeric' } : undefined,
              // A colour input always shows its swatch: the label must sit above it.
              inputLabel: field.kind === 'color' ? { shrink: true } : undefined,
            }}
          >
            {field.kind === 'select'
              ? [
                  ...(field.allowNone
                    ? [
                        <MenuItem key="" value="">
                          {intl.formatMessage({ id: 'crud.none' })}
                        </MenuItem>,
                      ]
                    : []),
                  ...(field.options ?? []).map((option) => (
                    <MenuItem key={option.value} value={option.value}>
                      {option.label}
                    </MenuItem>
                  )),
                ]
              : undefined}
          </TextField>
        );
      }}
    />
  );
}
