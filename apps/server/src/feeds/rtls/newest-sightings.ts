/** A sighting whose tag and sensor we know, with its time in milliseconds to compare. */
export interface ResolvedSighting {
  readonly tagId: number;
  readonly sensorId: number;
  readonly locationId: number;
  /** As the vendor wrote it: PostgreSQL keeps its microseconds. */
  readonly seenAt: string;
  readonly seenAtMs: number;
  readonly eventId: string;
  readonly batteryLow: boolean | null;
}

/**
 * Event ids in order: a shorter id first, then by code units, so numeric ids ("9" < "10") and
 * counters with a prefix ("bench-9" < "bench-10") compare as numbers do, and ids of one length
 * (UUIDs, hex) as text (decision FEED-25).
 */
export function compareEventIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether `a` is newer than `b`: seen later, or at the same time with the larger event id. */
export function isNewer(a: ResolvedSighting, b: ResolvedSighting): boolean {
  if (a.seenAtMs !== b.seenAtMs) return a.seenAtMs > b.seenAtMs;
  return compareEventIds(a.eventId, b.eventId) > 0;
}

/** The newest sighting of each tag in a batch (batches arrive out of order: the newest wins). */
export function newestPerTag(sightings: readonly ResolvedSighting[]): ResolvedSighting[] {
  const newest = new Map<number, ResolvedSighting>();
  for (const sighting of sightings) {
    const held = newest.get(sighting.tagId);
    if (!held || isNewer(sighting, held)) newest.set(sighting.tagId, sighting);
  }
  return [...newest.values()];
}
