/**
 * The phase ids after moving the one at `index` by `delta` places (−1 up, +1 down); the same
 * order when it would leave the list. The server takes the whole order at once (PUT
 * /workflows/:id/phases/order), so a move is one request and the phases never have a gap.
 */
export function movedOrder(ids: readonly number[], index: number, delta: -1 | 1): number[] {
  const target = index + delta;
  const order = [...ids];
  const moving = order[index];
  const other = order[target];
  if (moving === undefined || other === undefined) return order;
  order[index] = other;
  order[target] = moving;
  return order;
}

/** Minutes a person types, as the server's seconds; seconds back as whole minutes for the form. */
export const minutesToSeconds = (minutes: number | null): number | null =>
  minutes === null ? null : minutes * 60;
export const secondsToMinutes = (seconds: number | null): string =>
  seconds === null ? '' : String(Math.max(1, Math.round(seconds / 60)));
