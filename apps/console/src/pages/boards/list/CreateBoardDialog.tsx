import type { Department, DisplayBoardConfig, ErrorCode } from '@careboard/contracts';
import { errorText } from '@careboard/web-client';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { BOARD_TYPES } from '../editor/GeneralFields.tsx';

interface NewBoard {
  name: string;
  display_board_type_id: number;
  department_id: number;
}

/** A new board needs a name, a type and a department; everything else starts at the server's defaults. */
export function CreateBoardDialog({
  open,
  departments,
  onClose,
  onCreated,
}: {
  readonly open: boolean;
  readonly departments: readonly Department[];
  readonly onClose: () => void;
  readonly onCreated: (board: DisplayBoardConfig) => void;
}) {
  const intl = useIntl();
  const { http, locale } = useConsoleRuntime();
  const [failure, setFailure] = useState<unknown>(undefined);
  const text = (id: string) => intl.formatMessage({ id });
  const schema = useMemo(() => {
    const say = (code: ErrorCode, id: string, limit?: number) =>
      errorText({ code, params: { field: intl.formatMessage({ id }), ...(limit ? { limit } : {}) } }, locale);
    return z.object({
      name: z
        .string()
        .trim()
        .min(1, { error: say('IS_REQUIRED', 'boards.field.name') })
        .max(120, { error: say('MAX_LENGTH', 'boards.field.name', 120) }),
      display_board_type_id: z.number().int().min(1).max(4),
      department_id: z
        .number({ error: say('IS_REQUIRED', 'boards.field.department') })
        .int()
        .positive({ error: say('IS_REQUIRED', 'boards.field.department') }),
    });
  }, [intl, locale]);
  const { register, control, handleSubmit, reset, formState } = useForm<NewBoard>({
    defaultValues: { name: '', display_board_type_id: 1, department_id: 0 },
    resolver: zodResolver(schema),
  });
  const close = () => {
    reset();
    setFailure(undefined);
    onClose();
  };
  const create = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const board = (await http.sendJson('POST', 'display-boards', {
        ...values,
        name: values.name.trim(),
      })) as DisplayBoardConfig;
      reset();
      onCreated(board);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby="create-board-title" fullWidth maxWidth="sm">
      <form onSubmit={create} noValidate>
        <DialogTitle id="create-board-title">{text('boards.create.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            autoFocus
            required
            label={text('boards.field.name')}
            {...register('name')}
            error={formState.errors.name !== undefined}
            helperText={formState.errors.name?.message}
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
                required
                label={text('boards.field.department')}
                value={field.value === 0 ? '' : field.value}
                onChange={(event) => field.onChange(Number(event.target.value))}
                inputRef={field.ref}
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message}
              >
                {departments.map((department) => (
                  <MenuItem key={department.id} value={department.id}>
                    {department.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <ErrorAlert error={failure} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{text('boards.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {text('boards.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
