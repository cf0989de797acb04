import { sql } from 'kysely';
import type { Db } from '../database.ts';

/**
 * The RTLS feed's reads and writes (FEED-22, FEED-32), each one statement for a whole batch: a batch
 * of thousands of sightings must not cost a query per sighting.
 */

/** Tag ids by label, of the labels the customer has. */
export async function tagIdsByLabel(db: Db, customerId: string, labels: readonly string[]) {
  if (labels.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'label'])
    .where('customer_id', '=', customerId)
    .where('label', '=', sql<string>`ANY(${[...labels]}::text[])`)
    .execute();
  return new Map(rows.map((row) => [row.label, row.id]));
}

/** Sensors by identifier, with the location each is fixed in. */
export async function sensorsByIdentifier(db: Db, customerId: string, identifiers: readonly string[]) {
  if (identifiers.length === 0) return new Map<string, { id: number; location_id: number }>();
  const rows = await db
    .selectFrom('sensors')
    .select(['id', 'identifier', 'location_id'])
    .where('customer_id', '=', customerId)
    .where('identifier', '=', sql<string>`ANY(${[...identifiers]}::text[])`)
    .execute();
  return new Map(rows.map((row) => [row.identifier, { id: row.id, location_id: row.location_id }]));
}

/** What a tag's newest sighting says. */
export interface TagSeen {
  readonly tagId: number;
  readonly sensorId: number;
  readonly locationId: number;
  /** ISO-8601 as the vendor wrote it. */
  readonly seenAt: string;
  /** Null: the sighting said nothing of the battery; the stored flag stays. */
  readonly batteryLow: boolean | null;
}

/** A tag a sighting changed: where it was and is, and its battery flag before and after. */
export interface TagSeenChange {
  readonly tag_id: number;
  readonly old_location_id: number | null;
  readonly new_location_id: number;
  readonly old_battery_low: boolean;
  readonly new_battery_low: boolean;
}

/**
 * Records where and when tags were seen, only where the sighting is newer than the stored
 * one (an older or repeated sighting changes nothing). The CTE locks the rows it reads the old
 * values from, in id order (two batches never lock each other's tags crosswise), so the old
 * values returned are the ones this update replaced.
 */
export async function recordTagsSeen(
  trx: Db,
  customerId: string,
  seen: readonly TagSeen[],
): Promise<TagSeenChange[]> {
  if (seen.length === 0) return [];
  const { rows } = await sql<TagSeenChange>`
    WITH input AS (
      SELECT * FROM unnest(
        ${seen.map((s) => s.tagId)}::int[],
        ${seen.map((s) => s.sensorId)}::int[],
        ${seen.map((s) => s.locationId)}::int[],
        ${seen.map((s) => s.seenAt)}::timestamptz[],
        ${seen.map((s) => s.batteryLow)}::boolean[]
      ) AS i(tag_id, sensor_id, location_id, seen_at, battery_low)
    ),
    old AS (
      SELECT t.id, t.location_id, t.battery_low
        FROM tags t JOIN input i ON i.tag_id = t.id
       WHERE t.customer_id = ${customerId}
         AND (t.last_seen_at IS NULL OR i.seen_at > t.last_seen_at)
       ORDER BY t.id
         FOR UPDATE OF t
    )
    UPDATE tags t
       SET last_seen_at = i.seen_at,
           sensor_id = i.sensor_id,
           location_id = i.location_id,
           battery_low = coalesce(i.battery_low, t.battery_low)
      FROM input i JOIN old o ON o.id = i.tag_id
     WHERE t.customer_id = ${customerId}
       AND t.id = i.tag_id
       AND (t.last_seen_at IS NULL OR i.seen_at > t.last_seen_at)
    RETURNING t.id AS tag_id, o.location_id AS old_location_id, t.location_id AS new_location_id,
              o.battery_low AS old_battery_low, t.battery_low AS new_battery_low`.execute(trx);
  return rows;
}

/** A visit in progress, locked for this transaction. */
export interface LockedVisit {
  readonly id: number;
  readonly workflow_id: number;
  readonly phase_id: number;
  readonly location_id: number | null;
  /** The moved tag it wears (by tag or by its badge), when it wears one. */
  readonly worn_tag_id: number | null;
}

/**
 * Locks, in id order, the visits in progress that wear one of `tagIds` (as their tag, or the
 * tag of their badge) or are in one of `locationIds`: every visit a batch's rules may change,
 * locked before the first change is recorded, so the feed never waits for a visit while it
 * holds the change log's lock that a person's write waits for.
 */
export async function lockVisitsForSightings(
  trx: Db,
  customerId: string,
  tagIds: readonly number[],
  locationIds: readonly number[],
): Promise<LockedVisit[]> {
  if (tagIds.length === 0 && locationIds.length === 0) return [];
  const { rows } = await sql<LockedVisit>`
    SELECT v.id, v.workflow_id, v.phase_id, v.location_id,
           CASE WHEN v.tag_id = ANY(${[...tagIds]}::int[]) THEN v.tag_id
                ELSE (SELECT b.tag_id FROM badges b
                       WHERE b.customer_id = v.customer_id AND b.id = v.badge_id
                         AND b.tag_id = ANY(${[...tagIds]}::int[])) END AS worn_tag_id
      FROM visits v
     WHERE v.customer_id = ${customerId}
       AND v.completed_at IS NULL
       AND (v.tag_id = ANY(${[...tagIds]}::int[])
            OR v.location_id = ANY(${[...locationIds]}::int[])
            OR v.badge_id IN (SELECT b.id FROM badges b
                               WHERE b.customer_id = ${customerId} AND b.tag_id = ANY(${[...tagIds]}::int[])))
     ORDER BY v.id
       FOR UPDATE OF v`.execute(trx);
  return rows;
}

/** Staff whose badge's tag is one of `tagIds`, with the tag. */
export async function staffWearing(trx: Db, customerId: string, tagIds: readonly number[]) {
  if (tagIds.length === 0) return [];
  const { rows } = await sql<{ staff_id: number; tag_id: number }>`
    SELECT s.id AS staff_id, b.tag_id
      FROM staff s JOIN badges b ON b.customer_id = s.customer_id AND b.id = s.badge_id
     WHERE s.customer_id = ${customerId} AND b.tag_id = ANY(${[...tagIds]}::int[])`.execute(trx);
  return rows;
}

/** Staff by the location their badge's tag was last seen in, for the given locations. */
export async function staffInLocations(trx: Db, customerId: string, locationIds: readonly number[]) {
  if (locationIds.length === 0) return [];
  const { rows } = await sql<{ staff_id: number; location_id: number }>`
    SELECT s.id AS staff_id, t.location_id
      FROM staff s
      JOIN badges b ON b.customer_id = s.customer_id AND b.id = s.badge_id
      JOIN tags t ON t.customer_id = b.customer_id AND t.id = b.tag_id
     WHERE s.customer_id = ${customerId} AND t.location_id = ANY(${[...locationIds]}::int[])
     ORDER BY s.id`.execute(trx);
  return rows;
}

/** The staff with each of the given visits now. */
export async function staffOfVisits(trx: Db, customerId: string, visitIds: readonly number[]) {
  if (visitIds.length === 0) return [];
  return trx
    .selectFrom('visit_staff')
    .select(['visit_id', 'staff_id'])
    .where('customer_id', '=', customerId)
    .where('visit_id', '=', sql<number>`ANY(${[...visitIds]}::int[])`)
    .execute();
}

/** Assets fixed to one of `tagIds`, locked in id order. */
export async function lockAssetsOfTags(trx: Db, customerId: string, tagIds: readonly number[]) {
  if (tagIds.length === 0) return [];
  const { rows } = await sql<{ id: number; tag_id: number; location_id: number | null }>`
    SELECT a.id, a.tag_id, a.location_id FROM assets a
     WHERE a.customer_id = ${customerId} AND a.tag_id = ANY(${[...tagIds]}::int[])
     ORDER BY a.id
       FOR UPDATE`.execute(trx);
  return rows;
}

/**
 * The phase a workflow's rule moves a visit to when its badge enters a location, for each
 * (workflow, location) asked: a rule for the location itself wins over one for its kind.
 */
export async function phasesByRule(
  trx: Db,
  customerId: string,
  entries: readonly { workflowId: number; locationId: number }[],
) {
  if (entries.length === 0) return [];
  const { rows } = await sql<{ workflow_id: number; location_id: number; phase_id: number }>`
    SELECT DISTINCT ON (m.workflow_id, m.location_id) m.workflow_id, m.location_id, r.phase_id
      FROM unnest(${entries.map((e) => e.workflowId)}::int[], ${entries.map((e) => e.locationId)}::int[])
             AS m(workflow_id, location_id)
      JOIN locations l ON l.customer_id = ${customerId} AND l.id = m.location_id
      JOIN feed_rules r ON r.customer_id = ${customerId} AND r.workflow_id = m.workflow_id
                       AND (r.location_id = l.id OR r.location_kind = l.kind)
     ORDER BY m.workflow_id, m.location_id, (r.location_id IS NULL)`.execute(trx);
  return rows;
}
