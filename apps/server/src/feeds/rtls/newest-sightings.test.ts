import { describe, expect, it } from 'vitest';
import { compareEventIds, newestPerTag, type ResolvedSighting } from './newest-sightings.ts';

function seen(tagId: number, at: string, eventId: string, sensorId = 1): ResolvedSighting {
  return {
    tagId,
    sensorId,
    locationId: sensorId,
    seenAt: at,
    seenAtMs: Date.parse(at),
    eventId,
    batteryLow: null,
  };
}

describe('the newest sighting per tag', () => {
  it('keeps the latest of each tag whatever the order they came in', () => {
    const result = newestPerTag([
      seen(1, '2025-01-01T10:00:02Z', 'a', 2),
      seen(2, '2025-01-01T10:00:00Z', 'b', 5),
      seen(1, '2025-01-01T10:00:03Z', 'c', 3),
      seen(1, '2025-01-01T10:00:01Z', 'd', 1),
    ]);
    expect(result.map((s) => [s.tagId, s.sensorId]).sort()).toEqual([
      [1, 3],
      [2, 5],
    ]);
  });

  it('breaks a tie in time by the larger event id', () => {
    const at = '2025-01-01T10:00:00Z';
    expect(newestPerTag([seen(1, at, 'evt-10', 2), seen(1, at, 'evt-9', 3)])[0]?.sensorId).toBe(2);
    expect(newestPerTag([seen(1, at, 'b', 2), seen(1, at, 'c', 3)])[0]?.sensorId).toBe(3);
  });

  it('orders event ids as numbers when they are counters, else as text', () => {
    expect(compareEventIds('9', '10')).toBeLessThan(0);
    expect(compareEventIds('bench-9', 'bench-10')).toBeLessThan(0);
    expect(compareEventIds('b', 'a')).toBeGreaterThan(0);
    expect(compareEventIds('x', 'x')).toBe(0);
  });
});
