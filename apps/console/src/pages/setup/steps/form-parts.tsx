import { errorText } from '@careboard/web-client';
import Button from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { forwardRef, useCallback } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';

/** A required name, as the server's nameSchema: issue messages are catalogue codes (CON-33). */
export const requiredName = z
  .string()
  .trim()
  .min(1, { error: 'IS_REQUIRED' })
  .max(120, { error: 'MAX_LENGTH:120' });

/** The catalogue's text for a form issue ('IS_REQUIRED', 'MAX_LENGTH:120') naming the field's label. */
export function useIssueText(): (message: string | undefined, label: string) => string | undefined {
  const { locale } = useConsoleRuntime();
  return useCallback(
    (message, label) => {
      if (message === undefined) return undefined;
      const [code, limit] = message.split(':');
      return errorText({ code, params: { field: label, ...(limit ? { limit } : {}) } }, locale);
    },
    [locale],
  );
}

/**
 * A labelled text field or, with `options`, a native select: the browser's own list, which the
 * keyboard drives with arrows and type-ahead even through 400 time zones (CON-33).
 */
export const Field = forwardRef<
  HTMLInputElement,
  TextFieldProps & { readonly options?: readonly { readonly value: string; readonly label: string }[] }
>(function Field({ options, slotProps, required, ...props }, ref) {
  return (
    <TextField
      {...props}
      inputRef={ref}
      fullWidth
      margin="dense"
      autoComplete="off"
      select={options !== undefined}
      slotProps={{
        ...slotProps,
        // Required without MUI's asterisk, which would join the label ("Code *") (CON-33).
        htmlInput: required ? { 'aria-required': true } : undefined,
        ...(options ? { select: { native: true }, inputLabel: { shrink: true } } : {}),
      }}
    >
      {options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
});

export function SubmitButton({ busy }: { readonly busy: boolean }) {
  const intl = useIntl();
  return (
    <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
      {intl.formatMessage({ id: 'setup.continue' })}
    </Button>
  );
}
