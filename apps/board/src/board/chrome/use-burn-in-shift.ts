import { useEffect, useState } from 'react';

/** How often the whole layout moves, and the offsets it cycles through (CSS pixels). */
export const BURN_IN_SHIFT_MS = 60_000;
export const BURN_IN_OFFSETS: readonly (readonly [number, number])[] = [
  [0, 0],
  [2, 1],
  [3, -1],
  [1, -3],
  [-2, -2],
  [-3, 1],
  [-1, 3],
  [1, 2],
];

/**
 * Screens run for months showing the same header and grid lines: a slow
 * shift of a few pixels, one step a minute, spreads the wear so nothing burns in.
 */
export function useBurnInShift(): readonly [number, number] {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setStep((current) => (current + 1) % BURN_IN_OFFSETS.length),
      BURN_IN_SHIFT_MS,
    );
    return () => clearInterval(timer);
  }, []);
  return BURN_IN_OFFSETS[step] ?? [0, 0];
}
