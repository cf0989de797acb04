import { useRef, useSyncExternalStore } from 'react';
import { useBoardContentStore } from './board-content-context.ts';

/** What was derived last, from which rows, by which select. */
interface Derived<Row, T> {
  readonly rows: readonly Row[];
  readonly select: (rows: readonly Row[]) => T;
  readonly value: T;
}

/**
 * A view derived from all rows (an order, a legend's phases, the rows a layout
 * reads) that keeps its identity while it is equal: `select` runs only when the
 * rows change, and while `isEqual(previous, next)` holds the previous value comes
 * back. So the component re-renders only when the view really changes, not on
 * every row change as with useBoardRows, and memoized children given the value
 * skip their render. Pass a stable `select` (module-level or memoized): a new
 * one derives again.
 */
export function useDerivedRows<Row extends { readonly key: string }, T>(
  select: (rows: readonly Row[]) => T,
  isEqual: (a: T, b: T) => boolean,
): T {
  const store = useBoardContentStore<Row>();
  // useSyncExternalStore asks for the snapshot on every render and store change: it must answer
  // the same value until the view changes, so the last answer is kept here.
  const last = useRef<Derived<Row, T> | null>(null);
  const getSnapshot = () => {
    const rows = store.getRows();
    const previous = last.current;
    if (previous?.rows === rows && previous.select === select) return previous.value;
    const next = select(rows);
    const value = previous && isEqual(previous.value, next) ? previous.value : next;
    last.current = { rows, select, value };
    return value;
  };
  return useSyncExternalStore(store.subscribeRows, getSnapshot);
}
