import type { Db } from '../store/database.ts';
import { type Asset, listAssets } from '../store/repositories/assets.ts';
import { type FeedWorld, loadFeedWorld } from '../store/repositories/feed-world.ts';
import { type Location, listLocations } from '../store/repositories/locations.ts';
import { listParLevels } from '../store/repositories/par-levels.ts';
import { listStations, type Station } from '../store/repositories/stations.ts';
import { type Badge, listFreePatientBadges } from '../store/repositories/tags.ts';
import { listActiveVisits, type Visit } from '../store/repositories/visits.ts';
import { listPhases, type Phase } from '../store/repositories/workflows.ts';
import { pick, type Random } from './random.ts';

/** What one simulator step looks at, read fresh each step so edits made meanwhile count. */
export interface World {
  /** Phases of each workflow in position order. */
  readonly phasesByWorkflow: ReadonlyMap<number, readonly Phase[]>;
  readonly phases: ReadonlyMap<number, Phase>;
  readonly locations: readonly Location[];
  readonly stations: readonly Station[];
  readonly visits: readonly Visit[];
  readonly freeBadges: readonly Badge[];
  readonly assets: readonly Asset[];
  /** Locations with PAR levels: where moving assets changes what the PAR board shows. */
  readonly parLocationIds: readonly number[];
  /** Sensors, tag labels, rules and ADT mappings: what the demo's feeds send by (FEED-06). */
  readonly feeds: FeedWorld;
}

export async function loadWorld(db: Db, customerId: string, now: Date = new Date()): Promise<World> {
  const [phases, locations, stations, visits, badges, assets, parLevels, feeds] = await Promise.all([
    listPhases(db, customerId),
    listLocations(db, customerId),
    listStations(db, customerId),
    listActiveVisits(db, customerId),
    listFreePatientBadges(db, customerId, now),
    listAssets(db, customerId),
    listParLevels(db, customerId),
    loadFeedWorld(db, customerId),
  ]);
  const phasesByWorkflow = new Map<number, Phase[]>();
  for (const phase of phases) {
    const list = phasesByWorkflow.get(phase.workflow_id) ?? [];
    list.push(phase);
    phasesByWorkflow.set(phase.workflow_id, list);
  }
  return {
    phasesByWorkflow,
    phases: new Map(phases.map((phase) => [phase.id, phase])),
    locations,
    stations,
    visits,
    freeBadges: badges.filter((badge) => !badge.battery_low),
    assets,
    parLocationIds: [...new Set(parLevels.map((level) => level.location_id))],
    feeds,
  };
}

/** The phase after the visit's current one, or undefined in its last phase. */
export function nextPhase(world: World, visit: Visit): Phase | undefined {
  const phases = world.phasesByWorkflow.get(visit.workflow_id) ?? [];
  const index = phases.findIndex((phase) => phase.id === visit.phase_id);
  return index < 0 ? phases[0] : phases[index + 1];
}

export function locationsOfKind(world: World, kind: string): Location[] {
  return world.locations.filter((location) => location.kind === kind);
}

export function stationsAtKind(world: World, kind: string): Station[] {
  const ids = new Set(locationsOfKind(world, kind).map((location) => location.id));
  return world.stations.filter((station) => ids.has(station.location_id));
}

/** A location of the kind that has a sensor, picked at random; with its sensor. */
export function sensedLocationOfKind(
  world: World,
  random: Random,
  kind: string,
): { location: Location; sensor: string } | undefined {
  const sensed = locationsOfKind(world, kind).filter((location) =>
    world.feeds.sensorByLocation.has(location.id),
  );
  const location = pick(random, sensed);
  const sensor = location ? world.feeds.sensorByLocation.get(location.id) : undefined;
  return location && sensor ? { location, sensor } : undefined;
}
