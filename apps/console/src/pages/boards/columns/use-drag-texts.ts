import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/** dnd-kit's screen-reader instructions and announcements, in the console's language (CON-40). */
export function useDragTexts(
  order: readonly string[],
  name: (key: string) => string,
): { screenReaderInstructions: ScreenReaderInstructions; announcements: Announcements } {
  const intl = useIntl();
  const orderKey = order.join(',');
  return useMemo(() => {
    const keys = orderKey.split(',');
    const position = (id: string | number | undefined) => keys.indexOf(String(id)) + 1;
    const text = (id: string, column: string | number, at?: string | number) =>
      intl.formatMessage(
        { id },
        { column: name(String(column)), position: at === undefined ? 0 : position(at) },
      );
    return {
      screenReaderInstructions: { draggable: intl.formatMessage({ id: 'boards.columns.drag.instructions' }) },
      announcements: {
        onDragStart: ({ active }) => text('boards.columns.drag.start', active.id),
        onDragOver: ({ active, over }) =>
          over ? text('boards.columns.drag.over', active.id, over.id) : undefined,
        onDragEnd: ({ active, over }) =>
          over ? text('boards.columns.drag.end', active.id, over.id) : undefined,
        onDragCancel: ({ active }) => text('boards.columns.drag.cancel', active.id),
      },
    };
  }, [intl, name, orderKey]);
}
