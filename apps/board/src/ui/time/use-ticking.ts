import { useCallback, useSyncExternalStore } from 'react';
import { subscribeTicker } from './ticker.ts';

/**
 * A value computed from the current time, recomputed every tick. Return a
 * string or number: React re-renders the caller only when it differs, so a
 * minute display renders once a minute although the ticker runs every second.
 */
export function useTicking<T extends string | number | boolean | null>(compute: (now: number) => T): T {
  const snapshot = useCallback(() => compute(Date.now()), [compute]);
  return useSyncExternalStore(subscribeTicker, snapshot);
}
