import { recordVisitChange } from '../../services/active-visit.ts';
import { moveAssetToLocation } from '../../services/move-asset.ts';
import { moveVisitToPhase } from '../../services/move-visit-to-phase.ts';
import { insertAuditEvent } from '../../store/audit-events.ts';
import { recordChanges } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import {
  type LockedVisit,
  lockAssetsOfTags,
  lockVisitsForSightings,
  phasesByRule,
  staffInLocations,
  staffOfVisits,
  staffWearing,
  type TagSeenChange,
} from '../../store/repositories/tag-sightings.ts';
import { setVisitStaff } from '../../store/repositories/visits.ts';

/** The feed as the audit log names it (actor_kind 'feed'). */
export const RTLS_ACTOR = 'feed:rtls';

export interface RuleOutcome {
  /** Visits a patient badge moved (to a phase by a rule, or only to the location). */
  readonly visitsMoved: readonly number[];
  /** Visits whose staff with the patient changed. */
  readonly visitsRestaffed: readonly number[];
  readonly assetsMoved: readonly number[];
  /** Tags whose battery flag changed. */
  readonly batteryChanged: readonly number[];
}

interface RuleContext {
  readonly customerId: string;
  /** The audit's route: `POST /api/feeds/rtls/sightings`, `MQTT careboard/+/sightings`, … */
  readonly route: string;
  readonly now: Date;
}

/**
 * What tags' new places mean (product §10), each a normal write through the services (change
 * log, live boards) with an audit event naming the feed: a patient's badge in a new location
 * moves its visit there, and to a phase where the workflow has a rule for the location (or its
 * kind); staff badges in a visit's location are the staff with the patient; an asset tag's
 * location is the asset's. A tag's role is what wears it (a visit, a staff member's badge, an
 * asset), not its kind (decision FEED-37). Only tags whose location changed drive the rules; a
 * battery flag that changed is a 'tag' change (last_seen_at alone is not: decision FEED-30).
 */
export async function applyRules(
  trx: Db,
  changes: readonly TagSeenChange[],
  context: RuleContext,
): Promise<RuleOutcome> {
  const moved = changes.filter((change) => change.old_location_id !== change.new_location_id);
  const batteryChanged = changes.filter((change) => change.old_battery_low !== change.new_battery_low);
  const moves =
    moved.length > 0
      ? await applyMoves(trx, moved, context)
      : { visitsMoved: [], visitsRestaffed: [], assetsMoved: [] };
  const batteryTagIds = batteryChanged.map((change) => change.tag_id);
  if (batteryTagIds.length > 0) await recordBatteryChanges(trx, batteryTagIds, context);
  return { ...moves, batteryChanged: batteryTagIds };
}

async function applyMoves(
  trx: Db,
  moved: readonly TagSeenChange[],
  context: RuleContext,
): Promise<Omit<RuleOutcome, 'batteryChanged'>> {
  const { customerId } = context;
  const byTag = new Map(moved.map((change) => [change.tag_id, change]));
  const tagIds = [...byTag.keys()];
  // A staff badge leaving A for B changes who is with the patients in A and in B.
  const staffLocations = (await staffWearing(trx, customerId, tagIds)).flatMap((staff) => {
    const change = byTag.get(staff.tag_id);
    return change ? [change.old_location_id, change.new_location_id] : [];
  });
  // Everything the rules may change is locked first, in id order, before the first change is
  // recorded (recordChanges holds the customer's change-log lock until commit).
  const visits = await lockVisitsForSightings(trx, customerId, tagIds, distinct(staffLocations));
  const assets = await lockAssetsOfTags(trx, customerId, tagIds);

  const visitsMoved = await movePatients(trx, visits, byTag, context);
  const placeOf = new Map(
    visits.map((visit) => [
      visit.id,
      visit.worn_tag_id === null
        ? visit.location_id
        : (byTag.get(visit.worn_tag_id)?.new_location_id ?? null),
    ]),
  );
  const visitsRestaffed = await restaff(trx, visits, placeOf, context);

  const assetsMoved: number[] = [];
  for (const asset of assets) {
    const location = byTag.get(asset.tag_id)?.new_location_id;
    if (location === undefined || location === asset.location_id) continue;
    await moveAssetToLocation(trx, customerId, { asset_id: asset.id, location_id: location });
    await audit(trx, context, 'assets', asset.id);
    assetsMoved.push(asset.id);
  }
  return { visitsMoved, visitsRestaffed, assetsMoved };
}

/** Each patient whose badge moved: to the rule's phase there, else only to the new location. */
async function movePatients(
  trx: Db,
  visits: readonly LockedVisit[],
  byTag: ReadonlyMap<number, TagSeenChange>,
  context: RuleContext,
): Promise<number[]> {
  const worn = visits.flatMap((visit) => {
    const location = visit.worn_tag_id === null ? undefined : byTag.get(visit.worn_tag_id)?.new_location_id;
    return location === undefined ? [] : [{ visit, location }];
  });
  const rules = await phasesByRule(
    trx,
    context.customerId,
    worn.map(({ visit, location }) => ({ workflowId: visit.workflow_id, locationId: location })),
  );
  const phaseOf = new Map(rules.map((rule) => [`${rule.workflow_id}:${rule.location_id}`, rule.phase_id]));
  const movedIds: number[] = [];
  for (const { visit, location } of worn) {
    const phase = phaseOf.get(`${visit.workflow_id}:${location}`) ?? visit.phase_id;
    if (phase === visit.phase_id && location === visit.location_id) continue;
    await moveVisitToPhase(
      trx,
      context.customerId,
      { visit_id: visit.id, phase_id: phase, location_id: location },
      context.now,
    );
    await audit(trx, context, 'visits', visit.id);
    movedIds.push(visit.id);
  }
  return movedIds;
}

/**
 * The staff with each locked visit become the staff whose badges are in the visit's location
 * (decision FEED-31); a visit whose set is unchanged is left alone.
 */
async function restaff(
  trx: Db,
  visits: readonly LockedVisit[],
  placeOf: ReadonlyMap<number, number | null>,
  context: RuleContext,
): Promise<number[]> {
  const placed = visits.filter((visit) => (placeOf.get(visit.id) ?? null) !== null);
  if (placed.length === 0) return [];
  const locations = distinct(placed.map((visit) => placeOf.get(visit.id) ?? null));
  const staffAt = new Map<number, number[]>();
  for (const row of await staffInLocations(trx, context.customerId, locations)) {
    staffAt.set(row.location_id, [...(staffAt.get(row.location_id) ?? []), row.staff_id]);
  }
  const current = new Map<number, number[]>();
  const rows = await staffOfVisits(
    trx,
    context.customerId,
    placed.map((visit) => visit.id),
  );
  for (const row of rows) current.set(row.visit_id, [...(current.get(row.visit_id) ?? []), row.staff_id]);
  const changed: number[] = [];
  for (const visit of placed) {
    const wanted = [...new Set(staffAt.get(placeOf.get(visit.id) ?? -1) ?? [])].sort((a, b) => a - b);
    const held = [...(current.get(visit.id) ?? [])].sort((a, b) => a - b);
    if (wanted.length === held.length && wanted.every((id, i) => id === held[i])) continue;
    await setVisitStaff(trx, context.customerId, visit.id, wanted);
    await recordVisitChange(trx, context.customerId, visit, 'update');
    await audit(trx, context, 'visits', visit.id);
    changed.push(visit.id);
  }
  return changed;
}

async function recordBatteryChanges(trx: Db, tagIds: readonly number[], context: RuleContext): Promise<void> {
  // No board shows a battery: the change is for the console's lists (boardIds []), as a tag edit's is.
  await recordChanges(
    trx,
    context.customerId,
    tagIds.map((id) => ({ entity: 'tag', entityId: id, action: 'update', boardIds: [] })),
  );
  for (const id of tagIds) await audit(trx, context, 'tags', id);
}

/** One automatic change, in the audit log as the REST API would name it, with the feed as actor. */
async function audit(trx: Db, context: RuleContext, entity: string, id: number): Promise<void> {
  await insertAuditEvent(trx, {
    customer_id: context.customerId,
    actor: RTLS_ACTOR,
    actor_kind: 'feed',
    action: 'update',
    entity,
    entity_id: String(id),
    route: context.route,
    status: null,
  });
}

function distinct(ids: readonly (number | null)[]): number[] {
  return [...new Set(ids.filter((id): id is number => id !== null))];
}
