import type { TableColumnKey } from '@careboard/contracts';
import { columnShowFlags } from '@careboard/contracts';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { BoardFormValues } from '../editor/board-form.ts';

export interface ColumnRowItemProps {
  readonly columnKey: TableColumnKey;
  readonly index: number;
  readonly count: number;
  /** The column's own name (the board's, not the configured label). */
  readonly name: string;
  readonly onMove: (from: number, to: number) => void;
}

/**
 * One column: handle, name, switch, label, width, Move up, Move down. A column with a
 * show_* flag is switched by that flag, so it keeps its place when switched off and on
 * (decision CON-40); the others are switched by being in the configuration.
 */
export function ColumnRowItem({ columnKey, index, count, name, onMove }: ColumnRowItemProps) {
  const intl = useIntl();
  const { register, setValue, control, formState } = useFormContext<BoardFormValues>();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: columnKey });
  const flag = columnShowFlags[columnKey];
  const shown = useWatch({ control, name: `columns.${index}.shown` });
  const flagOn = useWatch({ control, name: flag ?? 'show_badge' });
  const checked = flag ? shown && flagOn : shown;
  const toggle = (on: boolean) => {
    if (flag) {
      setValue(flag, on, { shouldDirty: true });
      if (on) setValue(`columns.${index}.shown`, true, { shouldDirty: true });
    } else {
      setValue(`columns.${index}.shown`, on, { shouldDirty: true });
    }
  };
  const rowErrors = formState.errors.columns?.[index];
  const values = { column: name };
  const up = intl.formatMessage({ id: 'boards.columns.up' }, values);
  const down = intl.formatMessage({ id: 'boards.columns.down' }, values);

  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-column={columnKey}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1,
        rowGap: 0.5,
        p: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={intl.formatMessage({ id: 'boards.columns.drag' }, values)}
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicator aria-hidden />
      </IconButton>
      <Switch
        checked={checked}
        onChange={(event) => toggle(event.target.checked)}
        slotProps={{ input: { 'aria-label': intl.formatMessage({ id: 'boards.columns.shown' }, values) } }}
      />
      <Typography component="span" sx={{ minWidth: '8em', fontWeight: 500 }} aria-hidden>
        {name}
      </Typography>
      <TextField
        size="small"
        label={intl.formatMessage({ id: 'boards.columns.label' }, values)}
        placeholder={name}
        {...register(`columns.${index}.label`)}
        error={rowErrors?.label !== undefined}
        helperText={rowErrors?.label?.message}
        sx={{ flex: '1 1 10em', minWidth: '10em' }}
      />
      <TextField
        size="small"
        type="number"
        label={intl.formatMessage({ id: 'boards.columns.width' }, values)}
        {...register(`columns.${index}.width`, { valueAsNumber: true })}
        error={rowErrors?.width !== undefined}
        helperText={rowErrors?.width?.message}
        slotProps={{ htmlInput: { min: 1, max: 12, step: 1 } }}
        sx={{ width: '11em' }}
      />
      <Tooltip title={up}>
        <span>
          <IconButton aria-label={up} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
            <ArrowUpward aria-hidden />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={down}>
        <span>
          <IconButton
            aria-label={down}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDownward aria-hidden />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
