import { shallowEqualArrays } from '../../board/content/shallow-equal.ts';
import { useDerivedRows } from '../../board/content/use-derived-rows.ts';
import { orderParKeys } from './par-order.ts';

/**
 * The row keys in board order, as one array that keeps its identity until the
 * order itself changes: a count that changes without moving its row re-renders
 * that row alone, not the table.
 */
export function useParOrder(): readonly string[] {
  return useDerivedRows(orderParKeys, shallowEqualArrays);
}
