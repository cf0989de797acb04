import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { type ScreenEdit, screenEditSchema } from './screen-edit.ts';
import type { Named, ScreenRow } from './screen-rows.ts';

/** The select's value for "no board" / "no location" (a select's value is a string). */
const NONE = '';

/**
 * Rename a screen, show another board on it, say where it hangs (BOF-48): one dialog, one PATCH,
 * so the three never half-save (decision CON-51).
 */
export function EditScreenDialog({
  screen,
  boards,
  locations,
  onSave,
  onClose,
}: {
  readonly screen: ScreenRow;
  readonly boards: readonly Named[];
  readonly locations: readonly Named[];
  readonly onSave: (edit: ScreenEdit) => Promise<void>;
  readonly onClose: () => void;
}) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [failure, setFailure] = useState<unknown>(undefined);
  const form = useForm<ScreenEdit>({
    resolver: zodResolver(screenEditSchema),
    defaultValues: { name: screen.name, display_board_id: screen.boardId, location_id: screen.locationId },
  });
  const nameError = form.formState.errors.name?.message;

  const submit = form.handleSubmit(async (edit) => {
    setFailure(undefined);
    try {
      await onSave(edit);
    } catch (error) {
      setFailure(error);
    }
  });

  const idSelect = (field: 'display_board_id' | 'location_id', label: string, options: readonly Named[]) => (
    <Controller
      control={form.control}
      name={field}
      render={({ field: { value, onChange, onBlur, ref } }) => (
        <TextField
          select
          label={label}
          value={value === null ? NONE : String(value)}
          onChange={(event) => onChange(event.target.value === NONE ? null : Number(event.target.value))}
          onBlur={onBlur}
          inputRef={ref}
          // "None" is a choice, shown like any other rather than as an empty field.
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value={NONE}>{text('screens.none')}</MenuItem>
          {options.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{text('screens.edit.title', { name: screen.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={text('screens.edit.name')}
              {...form.register('name')}
              error={nameError !== undefined}
              helperText={nameError ? text(nameError) : undefined}
              required
              autoFocus
            />
            {idSelect('display_board_id', text('screens.edit.board'), boards)}
            {idSelect('location_id', text('screens.edit.location'), locations)}
            <ErrorAlert error={failure} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{text('screens.edit.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {text('screens.edit.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
