import type { Db } from '../../store/database.ts';
import {
  recordTagsSeen,
  sensorsByIdentifier,
  type TagSeenChange,
  tagIdsByLabel,
} from '../../store/repositories/tag-sightings.ts';
import { newestPerTag, type ResolvedSighting } from './newest-sightings.ts';
import { batteryLowOf, type SightingBatch } from './sighting-batch.ts';

/** A sighting further ahead of our clock than this is ignored (decision FEED-29). */
export const FUTURE_TOLERANCE_MS = 300_000;

export interface AppliedSightings {
  /** Sightings in the batch. */
  readonly received: number;
  /** Sightings that changed a tag (at most one per tag). */
  readonly applied: number;
  /** Sightings of a tag or a sensor the customer does not have. */
  readonly unknown: number;
  /** Known sightings that changed nothing: older than what is stored, repeated, or not the tag's newest. */
  readonly stale: number;
  /** The tags changed, with where they were and are. */
  readonly changes: readonly TagSeenChange[];
  /** What was not found, for the log (labels and identifiers, never a person's name). */
  readonly unknownTags: readonly string[];
  readonly unknownSensors: readonly string[];
}

/**
 * Stores a batch's sightings, set-based: the labels and identifiers resolved in one query each,
 * sightings of an unknown tag or sensor counted and set aside, the newest of the rest kept per
 * tag (decision FEED-35), and one UPDATE for all tags, which changes only
 * tags the sighting is newer for. Inside the caller's transaction.
 */
export async function applySightings(
  trx: Db,
  customerId: string,
  batch: SightingBatch,
  now: Date,
): Promise<AppliedSightings> {
  const { sightings } = batch;
  const tags = await tagIdsByLabel(trx, customerId, [...new Set(sightings.map((s) => s.tag))]);
  const sensors = await sensorsByIdentifier(trx, customerId, [...new Set(sightings.map((s) => s.sensor))]);
  const known: ResolvedSighting[] = [];
  const unknownTags = new Set<string>();
  const unknownSensors = new Set<string>();
  let unknown = 0;
  const latest = now.getTime() + FUTURE_TOLERANCE_MS;
  for (const sighting of sightings) {
    const tagId = tags.get(sighting.tag);
    const sensor = sensors.get(sighting.sensor);
    if (tagId === undefined) unknownTags.add(sighting.tag);
    if (sensor === undefined) unknownSensors.add(sighting.sensor);
    if (tagId === undefined || sensor === undefined) {
      unknown += 1;
      continue;
    }
    const seenAtMs = Date.parse(sighting.seen_at);
    if (seenAtMs > latest) continue;
    known.push({
      tagId,
      sensorId: sensor.id,
      locationId: sensor.location_id,
      seenAt: sighting.seen_at,
      seenAtMs,
      eventId: sighting.event_id,
      batteryLow: batteryLowOf(sighting),
    });
  }
  const changes = await recordTagsSeen(trx, customerId, newestPerTag(known));
  return {
    received: sightings.length,
    applied: changes.length,
    unknown,
    stale: sightings.length - unknown - changes.length,
    changes,
    unknownTags: [...unknownTags],
    unknownSensors: [...unknownSensors],
  };
}
