import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES } from '../../apps/server/src/demo/demo-data.ts';
import { pick, type Random } from '../../apps/server/src/demo/random.ts';
import { loadWorld } from '../../apps/server/src/demo/simulator-world.ts';
import type { Db } from '../../apps/server/src/store/database.ts';

export interface FleetVisit {
  readonly id: number;
  readonly workflowId: number;
  phaseId: number;
}

/** What the change stream knows of one customer: read once, then kept up to date by its own changes. */
export interface CustomerWorld {
  readonly customerId: string;
  readonly phasesByWorkflow: ReadonlyMap<number, readonly number[]>;
  readonly workflowIds: readonly number[];
  readonly stationIds: readonly number[];
  readonly assetIds: readonly number[];
  readonly parLocationIds: readonly number[];
  readonly visits: FleetVisit[];
  /** Visits in progress at the start: admissions keep the count near it. */
  readonly usualVisits: number;
}

export async function loadCustomerWorld(db: Db, customerId: string): Promise<CustomerWorld> {
  const world = await loadWorld(db, customerId);
  const phasesByWorkflow = new Map(
    [...world.phasesByWorkflow].map(([workflowId, phases]) => [workflowId, phases.map((p) => p.id)]),
  );
  const visits = world.visits.map((v) => ({ id: v.id, workflowId: v.workflow_id, phaseId: v.phase_id }));
  return {
    customerId,
    phasesByWorkflow,
    workflowIds: [...phasesByWorkflow.keys()],
    stationIds: world.stations.map((s) => s.id),
    assetIds: world.assets.map((a) => a.id),
    parLocationIds: world.parLocationIds,
    visits,
    usualVisits: visits.length,
  };
}

/** The phase after the visit's, or undefined in its last one. */
export function nextPhaseId(world: CustomerWorld, visit: FleetVisit): number | undefined {
  const phases = world.phasesByWorkflow.get(visit.workflowId) ?? [];
  return phases[phases.indexOf(visit.phaseId) + 1];
}

export function patientName(random: Random): { first_name: string; last_name: string } {
  return {
    first_name: pick(random, DEMO_FIRST_NAMES) ?? 'Alex',
    last_name: pick(random, DEMO_LAST_NAMES) ?? 'Lee',
  };
}
