import type { PairedDevice } from '@careboard/contracts';
import { errorText } from '@careboard/web-client';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useConsoleRuntime } from '../runtime-config/console-runtime.ts';
import { ErrorAlert } from './ErrorAlert.tsx';

/** Issue messages are catalogue codes, shown as the catalogue's text naming the field. */
const pairSchema = z.object({
  code: z.string().trim().min(1, { error: 'IS_REQUIRED' }).max(40, { error: 'MAX_LENGTH:40' }),
  name: z.string().trim().max(120, { error: 'MAX_LENGTH:120' }),
});
type PairValues = z.input<typeof pairSchema>;

/**
 * Pairs a screen by the code it shows (label **Code**, a contract the browser tests rely on):
 * typed as people type it, any case, with or without the dash; an optional name. A refusal shows
 * the catalogue's text and puts the cursor back in Code (decision CON-31).
 */
export function PairScreenForm(props: { readonly onPaired?: (answer: PairedDevice) => void }) {
  const intl = useIntl();
  const { http, locale } = useConsoleRuntime();
  const [refusal, setRefusal] = useState<unknown>(null);
  const [paired, setPaired] = useState<PairedDevice | null>(null);
  const { register, handleSubmit, formState, reset, setFocus } = useForm<PairValues>({
    resolver: zodResolver(pairSchema),
    defaultValues: { code: '', name: '' },
  });
  const codeLabel = intl.formatMessage({ id: 'setup.pair.code' });
  const nameLabel = intl.formatMessage({ id: 'setup.pair.name' });
  const issue = (message: string | undefined, label: string) => {
    if (message === undefined) return undefined;
    const [code, limit] = message.split(':');
    return errorText({ code, params: { field: label, ...(limit ? { limit } : {}) } }, locale);
  };
  const codeIssue = issue(formState.errors.code?.message, codeLabel);
  const nameIssue = issue(formState.errors.name?.message, nameLabel);

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    setPaired(null);
    try {
      const name = values.name.trim();
      const answer = (await http.sendJson('POST', 'devices/pair', {
        user_code: values.code,
        ...(name ? { name } : {}),
      })) as PairedDevice;
      setPaired(answer);
      reset();
      props.onPaired?.(answer);
    } catch (error) {
      setRefusal(error);
      setFocus('code', { shouldSelect: true });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 480 }}>
      {/* aria-required, not MUI's required: its asterisk would make the label "Code *", and Code is a contract. */}
      <TextField
        {...register('code')}
        label={codeLabel}
        fullWidth
        margin="dense"
        autoComplete="off"
        error={codeIssue !== undefined}
        helperText={codeIssue ?? intl.formatMessage({ id: 'setup.pair.codeHelp' })}
        slotProps={{
          htmlInput: {
            'aria-required': true,
            autoCapitalize: 'characters',
            spellCheck: false,
            maxLength: 40,
          },
        }}
      />
      <TextField
        {...register('name')}
        label={nameLabel}
        fullWidth
        margin="dense"
        autoComplete="off"
        error={nameIssue !== undefined}
        helperText={nameIssue}
      />
      <ErrorAlert error={refusal} />
      {paired ? (
        <Alert severity="success" role="status" sx={{ my: 1 }}>
          {intl.formatMessage({ id: 'setup.pair.paired' }, { name: paired.name })}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ mt: 1 }}>
        {intl.formatMessage({ id: 'setup.pair.submit' })}
      </Button>
    </Box>
  );
}
