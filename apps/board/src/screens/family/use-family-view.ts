import type { FamilyBoardRow, FamilyPhaseRow } from '@careboard/contracts';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import { useBoardContentStore } from '../../board/content/board-content-context.ts';
import { buildLegend, isPhaseRow, type Legend, orderVisitKeys, sameItems } from './family-rows.ts';

/**
 * A value derived from all rows that keeps its identity while it is equal:
 * the component using it re-renders only when the derived value really
 * changes, not on every row change (useBoardRows would wake it on each one).
 * `select` must be a stable (module-level) function.
 */
function useDerivedRows<T>(select: (rows: readonly FamilyBoardRow[]) => T, same: (a: T, b: T) => boolean): T {
  const store = useBoardContentStore<FamilyBoardRow>();
  const last = useRef<{ rows: readonly FamilyBoardRow[]; value: T } | null>(null);
  const getSnapshot = () => {
    const rows = store.getRows();
    const previous = last.current;
    if (previous?.rows === rows) return previous.value;
    const next = select(rows);
    const value = previous && same(previous.value, next) ? previous.value : next;
    last.current = { rows, value };
    return value;
  };
  return useSyncExternalStore(store.subscribeRows, getSnapshot);
}

function selectPhases(rows: readonly FamilyBoardRow[]): FamilyPhaseRow[] {
  return rows.filter(isPhaseRow);
}

/** The visits' keys in board order; changes only when a visit comes, goes or moves. */
export function useFamilyOrder(): readonly string[] {
  return useDerivedRows(orderVisitKeys, sameItems);
}

/** The legend; changes only when a phase row changes (unchanged rows keep their identity). */
export function useFamilyLegend(): Legend {
  const phases = useDerivedRows(selectPhases, sameItems);
  return useMemo(() => buildLegend(phases), [phases]);
}
