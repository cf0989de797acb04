import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { BoardFormValues } from '../editor/board-form.ts';
import { ColumnRowItem } from './ColumnRowItem.tsx';
import { useDragTexts } from './use-drag-texts.ts';

/**
 * `table_configuration` as a list: drag a row by its handle (pointer, or the keyboard with
 * dnd-kit's sortable coordinates), or press Move up / Move down; each move is announced
 * (decision CON-40). Every row holds its switch, label and width.
 */
export function ColumnEditor() {
  const intl = useIntl();
  const { control } = useFormContext<BoardFormValues>();
  const { fields, move } = useFieldArray({ control, name: 'columns', keyName: 'fieldId' });
  const [said, setSaid] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const columnName = useCallback((key: string) => intl.formatMessage({ id: `boards.column.${key}` }), [intl]);
  const accessibility = useDragTexts(
    fields.map((field) => field.key),
    columnName,
  );

  const moveTo = (from: number, to: number) => {
    const field = fields[from];
    if (!field || to < 0 || to >= fields.length || from === to) return;
    move(from, to);
    setSaid(
      intl.formatMessage(
        { id: 'boards.columns.moved' },
        { column: columnName(field.key), position: to + 1, count: fields.length },
      ),
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((field) => field.key === active.id);
    const to = fields.findIndex((field) => field.key === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };

  return (
    <Box>
      <Typography variant="body2" id="columns-help" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'boards.columns.help' })}
      </Typography>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={accessibility}
      >
        <SortableContext items={fields.map((field) => field.key)} strategy={verticalListSortingStrategy}>
          <Box
            component="ol"
            aria-label={intl.formatMessage({ id: 'boards.columns.list' })}
            aria-describedby="columns-help"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {fields.map((field, index) => (
              <ColumnRowItem
                key={field.fieldId}
                columnKey={field.key}
                index={index}
                count={fields.length}
                name={columnName(field.key)}
                onMove={moveTo}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {said}
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  // Strings: a number 1 would be 100% in MUI's sx.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
