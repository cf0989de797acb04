/** The devices held, by customer, in parts of at most `size` devices (a customer's may span two). */
export function inParts(
  held: ReadonlyMap<string, readonly number[]>,
  size: number,
): Map<string, readonly number[]>[] {
  const parts: Map<string, readonly number[]>[] = [];
  let part = new Map<string, readonly number[]>();
  let count = 0;
  for (const [customerId, ids] of held) {
    for (let at = 0; at < ids.length; ) {
      const take = ids.slice(at, at + size - count);
      part.set(customerId, take);
      count += take.length;
      at += take.length;
      if (count === size) {
        parts.push(part);
        part = new Map();
        count = 0;
      }
    }
  }
  if (count > 0) parts.push(part);
  return parts;
}

export interface SpreadOptions {
  /** The parts' statements start evenly over this long, the first at once. */
  readonly withinMs: number;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Asked before each part: true ends the beat (the node is stopping). */
  readonly stopped: () => boolean;
}

/**
 * Runs the parts one after the other, each at its moment of `withinMs` (LIVE-45): part `i` of `n`
 * starts `i × withinMs / n` after the first, or at once when the ones before took longer. The
 * heartbeat's work reaches the database as a trickle of small statements, not a burst every 5 s
 * that the board reads due meanwhile wait behind.
 */
export async function runSpread<T>(
  parts: readonly T[],
  run: (part: T) => Promise<void>,
  options: SpreadOptions,
): Promise<void> {
  const start = options.now();
  const gap = parts.length > 1 ? options.withinMs / parts.length : 0;
  for (const [index, part] of parts.entries()) {
    const wait = start + index * gap - options.now();
    if (wait > 0) await options.sleep(wait);
    if (options.stopped()) return;
    await run(part);
  }
}
