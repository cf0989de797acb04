import { familyCode } from '../domain/family-code.ts';
import { admitVisit } from '../services/admit-visit.ts';
import { callVisitToStation } from '../services/call-visit-to-station.ts';
import { completeVisit } from '../services/complete-visit.ts';
import { setVisitBadge } from '../services/equipment/set-visit-badge.ts';
import { moveAssetToLocation } from '../services/move-asset.ts';
import { moveVisitToPhase } from '../services/move-visit-to-phase.ts';
import { findActiveVisitIdByExternalId } from '../store/repositories/adt-mappings.ts';
import type { Visit } from '../store/repositories/visits.ts';
import type { Phase } from '../store/repositories/workflows.ts';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES } from './demo-data.ts';
import { placeForPhaseKind } from './phase-places.ts';
import { pick, randomIndex } from './random.ts';
import type { StepContext, StepReport } from './simulator-context.ts';
import { demoId, sendDemoAdt, sendDemoSightings } from './simulator-feeds.ts';
import {
  locationsOfKind,
  nextPhase,
  sensedLocationOfKind,
  stationsAtKind,
  type World,
} from './simulator-world.ts';

/**
 * The simulator's actions. Patients arrive and leave by ADT and move by their badges'
 * sightings through the feeds (decision FEED-06), as in a hospital with an EHR and RTLS; what a
 * person does at the desk (hand out a badge, call to a station) and a move no rule covers go
 * through the services. Each is logged with ids and place names only, never a patient's name.
 */

const CALLED_BY = 'simulator';
/** How often a member of staff walks along with a patient whose badge moves. */
const STAFF_ALONG_SHARE = 0.6;

/** Moves a due visit to its next phase (calling it to a station where that phase calls), or completes it. */
export async function advance(
  context: StepContext,
  world: World,
  visit: Visit,
  report: StepReport,
): Promise<void> {
  const { db, customerId, log } = context;
  const from = world.phases.get(visit.phase_id);
  const next = nextPhase(world, visit);
  if (!next) {
    await discharge(context, world, visit);
    report.completed += 1;
    log.info(
      { visit_id: visit.id, workflow_id: visit.workflow_id, phase: from?.name },
      'simulator: visit completed',
    );
    return;
  }
  const place = placeForPhaseKind(next.kind);
  const byBadge = await moveByBadge(context, world, visit, next, place?.locationKind);
  let locationName = byBadge;
  if (byBadge === undefined) {
    const location =
      place?.kind === 'location'
        ? pick(context.random, locationsOfKind(world, place.locationKind))
        : undefined;
    await moveVisitToPhase(
      db,
      customerId,
      { visit_id: visit.id, phase_id: next.id, ...(location ? { location_id: location.id } : {}) },
      context.now(),
    );
    locationName = location?.name;
  }
  report.moved += 1;
  log.info(
    {
      visit_id: visit.id,
      workflow_id: visit.workflow_id,
      from_phase: from?.name,
      to_phase: next.name,
      location: locationName,
      by: byBadge === undefined ? 'service' : 'rtls',
    },
    'simulator: visit moved',
  );
  if (place?.kind === 'station') await callToStation(context, world, visit.id, place.locationKind, report);
}

/**
 * Walks the visit's badge into a location where a rule of its workflow moves it to `next`: the
 * RTLS feed sees it there and the rule does the move. The location's name, or undefined when
 * no rule, badge or sensor allows it (the caller then moves the visit as a nurse would).
 */
async function moveByBadge(
  context: StepContext,
  world: World,
  visit: Visit,
  next: Phase,
  placeKind: string | undefined,
): Promise<string | undefined> {
  const tag = visit.tag_id === null ? undefined : world.feeds.tagLabels.get(visit.tag_id);
  const rules = world.feeds.ruleByKind.get(visit.workflow_id);
  const kind = placeKind && rules?.get(placeKind) === next.id ? placeKind : undefined;
  if (!tag || !kind) return undefined;
  const sensed = sensedLocationOfKind(world, context.random, kind);
  if (!sensed) return undefined;
  // Most of the time someone goes along: their badge is seen there too (staff with the patient).
  const staffTagId =
    context.random() < STAFF_ALONG_SHARE ? pick(context.random, world.feeds.staffTagIds) : undefined;
  const staffTag = staffTagId === undefined ? undefined : world.feeds.tagLabels.get(staffTagId);
  const outcome = await sendDemoSightings(context, [
    { tag, sensor: sensed.sensor },
    ...(staffTag ? [{ tag: staffTag, sensor: sensed.sensor }] : []),
  ]);
  if (!outcome.visitsMoved.includes(visit.id)) {
    throw new Error(`the sighting at ${sensed.location.name} did not move visit ${visit.id}`);
  }
  return sensed.location.name;
}

/** An A03 from the EHR when it knows the visit, else the desk completes it. */
async function discharge(context: StepContext, world: World, visit: Visit): Promise<void> {
  const visitNumber = world.feeds.externalIds.get(visit.id);
  if (visitNumber) {
    await sendDemoAdt(context, {
      event: 'A03',
      patientId: `P${visitNumber}`,
      visitNumber,
      firstName: visit.first_name,
      lastName: visit.last_name,
      pointOfCare: world.feeds.pointOfCareByWorkflow.get(visit.workflow_id) ?? '',
    });
    return;
  }
  await completeVisit(context.db, context.customerId, { visit_id: visit.id }, context.now());
}

async function callToStation(
  context: StepContext,
  world: World,
  visitId: number,
  locationKind: string,
  report: StepReport,
): Promise<void> {
  const station = pick(context.random, stationsAtKind(world, locationKind));
  if (!station) return;
  await callVisitToStation(
    context.db,
    context.customerId,
    { visit_id: visitId, station_id: station.id, called_by: CALLED_BY },
    context.now(),
  );
  report.called += 1;
  context.log.info({ visit_id: visitId, station: station.name }, 'simulator: patient called');
}

/**
 * A patient arrives: the EHR registers the visit (A04 to the workflow's point of care), the desk
 * hands out a free badge (its reader sees the badge there first), and calls the patient at once
 * where the first phase calls. A workflow with no point of care is admitted at the desk.
 */
export async function arrive(context: StepContext, world: World, report: StepReport): Promise<void> {
  const { random } = context;
  const workflowId = pick(random, [...world.phasesByWorkflow.keys()]);
  if (workflowId === undefined) return;
  const badge = pick(random, world.freeBadges);
  const firstName = pick(random, DEMO_FIRST_NAMES) ?? 'Anna';
  const lastName = pick(random, DEMO_LAST_NAMES) ?? 'Kowalski';
  const pointOfCare = world.feeds.pointOfCareByWorkflow.get(workflowId);
  let visitId: number | undefined;
  if (pointOfCare) {
    const visitNumber = demoId(context, 'V');
    await sendDemoAdt(context, {
      event: 'A04',
      patientId: `P${visitNumber}`,
      visitNumber,
      firstName,
      lastName,
      pointOfCare,
    });
    visitId = await findActiveVisitIdByExternalId(context.db, context.customerId, visitNumber);
    if (visitId === undefined) throw new Error(`the demo's A04 for ${visitNumber} made no visit`);
    if (badge) await handOutBadge(context, world, visitId, badge.id, badge.tag_id);
  } else {
    const visit = await admitVisit(
      context.db,
      context.customerId,
      {
        first_name: firstName,
        last_name: lastName,
        family_code: familyCode((n) => randomIndex(random, n)),
        workflow_id: workflowId,
        badge_id: badge?.id ?? null,
      },
      context.now(),
    );
    visitId = visit.id;
  }
  report.arrived += 1;
  const phaseId = world.phasesByWorkflow.get(workflowId)?.[0]?.id;
  const phase = phaseId === undefined ? undefined : world.phases.get(phaseId);
  context.log.info(
    { visit_id: visitId, workflow_id: workflowId, phase: phase?.name, by: pointOfCare ? 'adt' : 'service' },
    'simulator: patient arrived',
  );
  const place = phase ? placeForPhaseKind(phase.kind) : undefined;
  if (place?.kind === 'station') await callToStation(context, world, visitId, place.locationKind, report);
}

/** The desk's reader sees the badge at registration, then the desk gives it to the visit. */
async function handOutBadge(
  context: StepContext,
  world: World,
  visitId: number,
  badgeId: number,
  tagId: number | null,
): Promise<void> {
  const tag = tagId === null ? undefined : world.feeds.tagLabels.get(tagId);
  const desk = sensedLocationOfKind(world, context.random, 'registration');
  if (tag && desk) await sendDemoSightings(context, [{ tag, sensor: desk.sensor }]);
  await setVisitBadge(
    context.db,
    context.customerId,
    { visit_id: visitId, wear: { badge_id: badgeId } },
    context.now(),
  );
}

/**
 * Moves an asset between PAR locations (now and then elsewhere), so PAR states change: its tag
 * is seen at the new place (the feed moves it); an untagged asset is moved by hand.
 */
export async function moveAsset(context: StepContext, world: World, report: StepReport): Promise<void> {
  const { random } = context;
  const asset = pick(random, world.assets);
  if (!asset) return;
  const parLocations = world.locations.filter((l) => world.parLocationIds.includes(l.id));
  const choices = (random() < 0.8 && parLocations.length > 0 ? parLocations : world.locations).filter(
    (location) => location.id !== asset.location_id,
  );
  const to = pick(random, choices);
  if (!to) return;
  const tag = asset.tag_id === null ? undefined : world.feeds.tagLabels.get(asset.tag_id);
  const sensor = world.feeds.sensorByLocation.get(to.id);
  if (tag && sensor) {
    const outcome = await sendDemoSightings(context, [{ tag, sensor }]);
    if (!outcome.assetsMoved.includes(asset.id)) {
      throw new Error(`the sighting at ${to.name} did not move asset ${asset.id}`);
    }
  } else {
    await moveAssetToLocation(context.db, context.customerId, { asset_id: asset.id, location_id: to.id });
  }
  report.assetsMoved += 1;
  const from = world.locations.find((location) => location.id === asset.location_id);
  context.log.info(
    {
      asset_id: asset.id,
      asset_type_id: asset.asset_type_id,
      from_location: from?.name,
      to_location: to.name,
      by: tag && sensor ? 'rtls' : 'service',
    },
    'simulator: asset moved',
  );
}

/** A staff member walks to a patient: their badge is seen where the patient is (staff with the patient). */
export async function moveStaff(context: StepContext, world: World, report: StepReport): Promise<void> {
  const { random } = context;
  const visit = pick(
    random,
    world.visits.filter((v) => v.location_id !== null && world.feeds.sensorByLocation.has(v.location_id)),
  );
  const tagId = pick(random, world.feeds.staffTagIds);
  if (!visit || visit.location_id === null || tagId === undefined) return;
  const tag = world.feeds.tagLabels.get(tagId);
  const sensor = world.feeds.sensorByLocation.get(visit.location_id);
  if (!tag || !sensor) return;
  await sendDemoSightings(context, [{ tag, sensor }]);
  report.staffMoved += 1;
  context.log.info({ tag, visit_id: visit.id }, 'simulator: staff member with a patient');
}
