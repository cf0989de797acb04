import { describe, expect, it } from 'vitest';
import { sendableEvents } from './sendable-events.ts';

const events = (...ids: number[]) => ids.map((id) => ({ id: String(id) }));
const ids = (sent: readonly { id: string }[]) => sent.map((event) => Number(event.id));

describe('which audit events the stream may send (BOF-57)', () => {
  it('sends what follows the cursor without a gap', () => {
    const sent = sendableEvents(events(5, 6, 7), 4n, {
      gap: undefined,
      now: 0,
      settleMs: 60_000,
      fresh: false,
    });
    expect(ids(sent.events)).toEqual([5, 6, 7]);
    expect(sent.gap).toBeUndefined();
  });

  it('stops at a gap, waits for it to fill, and passes it once it has settled', () => {
    const options = { gap: undefined, now: 1_000, settleMs: 60_000, fresh: false };
    const first = sendableEvents(events(5, 7, 8), 4n, options);
    expect(ids(first.events)).toEqual([5]);
    expect(first.gap).toEqual({ after: 5n, since: 1_000 });
    // Still within the settle time: nothing more.
    const waiting = sendableEvents(events(7, 8), 5n, { ...options, gap: first.gap, now: 30_000 });
    expect(ids(waiting.events)).toEqual([]);
    expect(waiting.gap).toEqual(first.gap);
    // The transaction committed: 6 is there, so all go.
    const filled = sendableEvents(events(6, 7, 8), 5n, { ...options, gap: first.gap, now: 30_000 });
    expect(ids(filled.events)).toEqual([6, 7, 8]);
    // Never committed: after the settle time the gap is passed, and counted.
    const passed = sendableEvents(events(7, 8), 5n, { ...options, gap: first.gap, now: 61_000 });
    expect(ids(passed.events)).toEqual([7, 8]);
    expect(passed.skipped).toBe(1n);
  });

  it('starts where the log starts when the destination has no cursor', () => {
    const sent = sendableEvents(events(900, 901), 0n, {
      gap: undefined,
      now: 0,
      settleMs: 60_000,
      fresh: true,
    });
    expect(ids(sent.events)).toEqual([900, 901]);
  });
});
