import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, type FieldError, type FieldPath, useFormContext } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/en-US.ts';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import { issueText } from '../../../ui/crud/form-schema.ts';
import type { ConnectionFormValues } from './connection-form.ts';

type Name = FieldPath<ConnectionFormValues>;

export interface Choice {
  readonly value: string;
  readonly label: string;
}

/**
 * A field's error in words: a server refusal's text as it came, a form check's catalogue code
 * as the catalogue's text naming the field by its label (decision CON-60).
 */
function useErrorText(): (error: FieldError | undefined, label: string) => string | undefined {
  const { locale } = useConsoleRuntime();
  return (error, label) => {
    if (error?.message === undefined) return undefined;
    return error.type === 'server' ? error.message : issueText(error.message, label, locale);
  };
}

/**
 * A labelled text field of the connection form. Required fields say so with `aria-required`, not
 * an asterisk in the label, as the console's other forms (CON-31, CON-33).
 */
export function TextInput({
  name,
  label,
  helper,
  required = false,
  type = 'text',
  multiline = false,
  autoFocus = false,
  autoComplete = 'off',
}: {
  readonly name: Name;
  readonly label: MessageId;
  readonly helper?: MessageId | undefined;
  readonly required?: boolean;
  readonly type?: 'text' | 'password';
  readonly multiline?: boolean;
  readonly autoFocus?: boolean;
  readonly autoComplete?: string;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { control } = useFormContext<ConnectionFormValues>();
  const labelText = intl.formatMessage({ id: label });
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const error = errorText(fieldState.error, labelText);
        return (
          <TextField
            label={labelText}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={error !== undefined}
            helperText={error ?? (helper ? intl.formatMessage({ id: helper }) : undefined)}
            type={type}
            multiline={multiline}
            minRows={multiline ? 4 : undefined}
            autoFocus={autoFocus}
            autoComplete={autoComplete}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: required ? { 'aria-required': true } : undefined }}
          />
        );
      }}
    />
  );
}

/** A labelled select (MUI's: a button named by its label, opened with Enter, Space or arrows). */
export function SelectInput({
  name,
  label,
  choices,
  helper,
  disabled = false,
  autoFocus = false,
  fullWidth = true,
}: {
  readonly name: Name;
  readonly label: MessageId;
  readonly choices: readonly Choice[];
  readonly helper?: MessageId | undefined;
  readonly disabled?: boolean;
  readonly autoFocus?: boolean;
  readonly fullWidth?: boolean;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { control } = useFormContext<ConnectionFormValues>();
  const labelText = intl.formatMessage({ id: label });
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const error = errorText(fieldState.error, labelText);
        return (
          <TextField
            select
            label={labelText}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={error !== undefined}
            helperText={error ?? (helper ? intl.formatMessage({ id: helper }) : undefined)}
            disabled={disabled}
            autoFocus={autoFocus}
            fullWidth={fullWidth}
            margin="dense"
            sx={fullWidth ? undefined : { minWidth: '11rem' }}
          >
            {choices.map((choice) => (
              <MenuItem key={choice.value} value={choice.value}>
                {choice.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

/** A switch with its label (a checkbox to assistive technology). */
export function SwitchInput({
  name,
  label,
  helper,
}: {
  readonly name: Name;
  readonly label: MessageId;
  readonly helper?: MessageId;
}) {
  const intl = useIntl();
  const helperId = useId();
  const { control } = useFormContext<ConnectionFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl margin="dense" fullWidth>
          <FormControlLabel
            control={
              <Switch
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                name={field.name}
                slotProps={{
                  input: { ref: field.ref, ...(helper ? { 'aria-describedby': helperId } : {}) },
                }}
              />
            }
            label={intl.formatMessage({ id: label })}
          />
          {helper && <FormHelperText id={helperId}>{intl.formatMessage({ id: helper })}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** A choice of a few shown at once: radio buttons in a fieldset whose legend is the label. */
export function RadioInput({
  name,
  label,
  choices,
}: {
  readonly name: Name;
  readonly label: MessageId;
  readonly choices: readonly Choice[];
}) {
  const intl = useIntl();
  const { control } = useFormContext<ConnectionFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl component="fieldset" margin="dense">
          <FormLabel component="legend">{intl.formatMessage({ id: label })}</FormLabel>
          <RadioGroup
            row
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={(event) => field.onChange(event.target.value)}
          >
            {choices.map((choice) => (
              <FormControlLabel
                key={choice.value}
                value={choice.value}
                control={<Radio />}
                label={choice.label}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}
