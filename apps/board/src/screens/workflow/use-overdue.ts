import { useCallback } from 'react';
import { secondsSince } from '../../ui/time/format-time.ts';
import { useTicking } from '../../ui/time/use-ticking.ts';

/**
 * Whether a patient's time in phase has passed the phase's estimate (strictly, as
 * the server's domain/overdue.ts). It follows the shared ticker, so the mark
 * appears by itself when the time passes; the caller renders again only when the
 * answer flips, not every second. A phase without an estimate is never overdue.
 */
export function useOverdue(enteredAt: string | undefined, estimateSec: number | null | undefined): boolean {
  const compute = useCallback(
    (now: number) =>
      enteredAt !== undefined &&
      estimateSec !== null &&
      estimateSec !== undefined &&
      secondsSince(enteredAt, now) > estimateSec,
    [enteredAt, estimateSec],
  );
  return useTicking(compute);
}
