import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { useServerErrorText } from '../../data/server-error-text.ts';
import type { CrudField } from './crud-types.ts';
import { FormField } from './FormField.tsx';
import { type FormValues, refusedField } from './form-schema.ts';

/**
 * The create or edit form in a dialog. The dialog stays open until the server accepts; a
 * refusal naming one of the form's fields shows under it, any other above the buttons as the
 * form's error (an alert, read out at once), always in the catalogue's words (decision CON-60).
 */
export function CrudFormDialog<Body>({
  title,
  fields,
  schema,
  initial,
  mode,
  onSubmit,
  onDone,
  onCancel,
}: {
  readonly title: string;
  readonly fields: readonly CrudField[];
  readonly schema: z.ZodType<Body, FormValues>;
  readonly initial: FormValues;
  readonly mode: 'create' | 'edit';
  readonly onSubmit: (body: Body) => Promise<unknown>;
  /** The server accepted: its answer. */
  readonly onDone: (result: unknown) => void;
  readonly onCancel: () => void;
}) {
  const intl = useIntl();
  const serverErrorText = useServerErrorText();
  const titleId = useId();
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const shown = fields.filter((field) => field.only === undefined || field.only === mode);
  const { control, handleSubmit, setError, formState } = useForm<FormValues, unknown, Body>({
    defaultValues: initial,
    // zod 4's resolver types a schema's input; ours is the form's text, declared by z.ZodType.
    resolver: zodResolver(schema as never) as unknown as Resolver<FormValues, unknown, Body>,
  });

  const submit = handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      onDone(await onSubmit(body));
    } catch (error) {
      const field = refusedField(
        error,
        shown.map((f) => f.name),
      );
      if (field) setError(field, { type: 'server', message: serverErrorText(error) }, { shouldFocus: true });
      else setFormError(serverErrorText(error));
    }
  });

  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {shown.map((field, index) => (
            <FormField key={field.name} field={field} control={control} autoFocus={index === 0} />
          ))}
          {formError !== undefined && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {formError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{intl.formatMessage({ id: 'crud.cancel' })}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {intl.formatMessage({ id: 'crud.save' })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
