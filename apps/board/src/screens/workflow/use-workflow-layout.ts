import type { WorkflowBoardRow } from '@careboard/contracts';
import { useMemo, useState } from 'react';
import { useDerivedRows } from '../../board/content/use-derived-rows.ts';
import {
  deriveLayout,
  emptyLayout,
  samePlaces,
  stabilizeLayout,
  type WorkflowLayout,
} from './workflow-layout.ts';

/** The rows as they are: samePlaces, not the select, decides when they count as new. */
function everyRow(rows: readonly WorkflowBoardRow[]): readonly WorkflowBoardRow[] {
  return rows;
}

/**
 * The board's layout (who goes where, by key). It answers the same object while
 * the order stays the same, so a change to one patient's place or staff renders
 * that patient's row only, and the layout is derived again only when someone
 * comes, goes or changes phase.
 */
export function useWorkflowLayout(workflowOrder: readonly number[]): WorkflowLayout {
  // The rows as last placed: the same array while nobody comes, goes or moves.
  const placed = useDerivedRows(everyRow, samePlaces);
  // The layout answered last: a new one reuses its unchanged parts, so a move renders only the lanes it touches.
  const [last] = useState(() => ({ layout: emptyLayout }));
  return useMemo(() => {
    last.layout = stabilizeLayout(last.layout, deriveLayout(placed, workflowOrder));
    return last.layout;
  }, [last, placed, workflowOrder]);
}
