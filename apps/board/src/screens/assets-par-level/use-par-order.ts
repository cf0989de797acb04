import type { ParRow } from '@careboard/contracts';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useBoardContentStore } from '../../board/content/board-content-context.ts';
import { orderParKeys, sameKeys } from './par-order.ts';

/**
 * The row keys in board order, as one array that keeps its identity until the
 * order itself changes: a count that changes without moving its row re-renders
 * that row alone, not the table.
 */
export function useParOrder(): readonly string[] {
  const store = useBoardContentStore<ParRow>();
  // Remembers the last rows seen and the order answered for them (useSyncExternalStore needs a stable snapshot).
  const [memo] = useState(() => ({ rows: null as readonly ParRow[] | null, keys: [] as readonly string[] }));
  const ordered = useCallback(() => {
    const rows = store.getRows();
    if (rows !== memo.rows) {
      const next = orderParKeys(rows);
      memo.rows = rows;
      if (!sameKeys(next, memo.keys)) memo.keys = next;
    }
    return memo.keys;
  }, [store, memo]);
  return useSyncExternalStore(store.subscribeRows, ordered);
}
