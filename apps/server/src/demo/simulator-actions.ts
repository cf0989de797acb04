import { familyCode } from '../domain/family-code.ts';
import { admitVisit } from '../services/admit-visit.ts';
import { callVisitToStation } from '../services/call-visit-to-station.ts';
import { completeVisit } from '../services/complete-visit.ts';
import { moveAssetToLocation } from '../services/move-asset.ts';
import { moveVisitToPhase } from '../services/move-visit-to-phase.ts';
import type { Visit } from '../store/repositories/visits.ts';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES } from './demo-data.ts';
import { placeForPhaseKind } from './phase-places.ts';
import { pick, randomIndex } from './random.ts';
import type { StepContext, StepReport } from './simulator-context.ts';
import { locationsOfKind, nextPhase, stationsAtKind, type World } from './simulator-world.ts';

/**
 * The simulator's actions, each through the services (so each lands in the change
 * log) and each logged with ids and place names only, never a patient's name.
 */

const CALLED_BY = 'simulator';

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
    await completeVisit(db, customerId, { visit_id: visit.id }, context.now());
    report.completed += 1;
    log.info(
      { visit_id: visit.id, workflow_id: visit.workflow_id, phase: from?.name },
      'simulator: visit completed',
    );
    return;
  }
  const place = placeForPhaseKind(next.kind);
  const location =
    place?.kind === 'location' ? pick(context.random, locationsOfKind(world, place.locationKind)) : undefined;
  await moveVisitToPhase(
    db,
    customerId,
    { visit_id: visit.id, phase_id: next.id, ...(location ? { location_id: location.id } : {}) },
    context.now(),
  );
  report.moved += 1;
  log.info(
    {
      visit_id: visit.id,
      workflow_id: visit.workflow_id,
      from_phase: from?.name,
      to_phase: next.name,
      location: location?.name,
    },
    'simulator: visit moved',
  );
  if (place?.kind === 'station') await callToStation(context, world, visit.id, place.locationKind, report);
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

/** A patient arrives in a random workflow with a free badge; called at once where the first phase calls. */
export async function arrive(context: StepContext, world: World, report: StepReport): Promise<void> {
  const { random } = context;
  const workflowId = pick(random, [...world.phasesByWorkflow.keys()]);
  if (workflowId === undefined) return;
  const badge = pick(random, world.freeBadges);
  const visit = await admitVisit(
    context.db,
    context.customerId,
    {
      first_name: pick(random, DEMO_FIRST_NAMES) ?? 'Anna',
      last_name: pick(random, DEMO_LAST_NAMES) ?? 'Kowalski',
      family_code: familyCode((n) => randomIndex(random, n)),
      workflow_id: workflowId,
      badge_id: badge?.id ?? null,
    },
    context.now(),
  );
  report.arrived += 1;
  const phase = world.phases.get(visit.phase_id);
  context.log.info(
    { visit_id: visit.id, workflow_id: workflowId, phase: phase?.name },
    'simulator: patient arrived',
  );
  const place = phase ? placeForPhaseKind(phase.kind) : undefined;
  if (place?.kind === 'station') await callToStation(context, world, visit.id, place.locationKind, report);
}

/** Moves an asset between PAR locations (now and then elsewhere), so PAR states change. */
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
  await moveAssetToLocation(context.db, context.customerId, { asset_id: asset.id, location_id: to.id });
  report.assetsMoved += 1;
  const from = world.locations.find((location) => location.id === asset.location_id);
  context.log.info(
    {
      asset_id: asset.id,
      asset_type_id: asset.asset_type_id,
      from_location: from?.name,
      to_location: to.name,
    },
    'simulator: asset moved',
  );
}
