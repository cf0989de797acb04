/**
 * Which of the events read after the cursor may be sent now, in id order (decision BOF-57).
 * Ids are handed out at insert and committed in any order, so a missing id may be a transaction
 * still under way, whose event would be skipped for good if the cursor passed it: the stream
 * stops at a gap and waits `settleMs` for it to fill, then takes the gap as a rollback and goes on.
 */
export interface Gap {
  /** The id after which one or more are missing. */
  readonly after: bigint;
  /** When it was first seen. */
  readonly since: number;
}

export interface Sendable<T> {
  readonly events: readonly T[];
  /** The gap the stream waits at, if it stopped at one. */
  readonly gap: Gap | undefined;
  /** Ids given up as never committed (counts for the log, never contents). */
  readonly skipped: bigint;
}

export function sendableEvents<T extends { readonly id: string }>(
  read: readonly T[],
  after: bigint,
  options: {
    readonly gap: Gap | undefined;
    readonly now: number;
    readonly settleMs: number;
    readonly fresh: boolean;
  },
): Sendable<T> {
  const events: T[] = [];
  let expected = after + 1n;
  let skipped = 0n;
  for (const event of read) {
    const id = BigInt(event.id);
    // A stream with no cursor yet starts where the log starts (retention may have deleted its head).
    const first = options.fresh && events.length === 0;
    if (id !== expected && !first) {
      const waiting = options.gap?.after === expected - 1n ? options.gap : undefined;
      if (!waiting || options.now - waiting.since < options.settleMs) {
        return { events, gap: waiting ?? { after: expected - 1n, since: options.now }, skipped };
      }
      skipped += id - expected;
    }
    events.push(event);
    expected = id + 1n;
  }
  return { events, gap: undefined, skipped };
}
