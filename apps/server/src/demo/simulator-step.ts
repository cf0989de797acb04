import type { Visit } from '../store/repositories/visits.ts';
import { seededRandom } from './random.ts';
import { advance, arrive, moveAsset, moveStaff } from './simulator-actions.ts';
import type { StepContext, StepReport } from './simulator-context.ts';
import { loadWorld, type World } from './simulator-world.ts';

/** Simulated seconds between steps at ordinary rates. */
export const STEP_SEC = 5;
/** The demo's size: arrivals stop above this many visits in progress. */
const MAX_ACTIVE = 45;
/** Mean simulated seconds between arrivals: with ~110-minute visits this keeps about 40 in progress. */
const MEAN_ARRIVAL_SEC = 165;
const MEAN_ASSET_MOVE_SEC = 45;
const MEAN_STAFF_MOVE_SEC = 90;
/** At most this many visits move per step, so a backlog (after a restart) drains gradually. */
const MAX_MOVES_PER_STEP = 3;

/**
 * How long a visit stays in a phase, as a share of the estimate: 60–135 %, so some
 * run over. Derived from the visit's key (its EHR visit number, else its family code) and the
 * phase's position rather than ids,
 * so it needs no memory between steps and two fresh databases run alike.
 */
export function plannedShare(key: string, phasePosition: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${key}:${phasePosition}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return 0.6 + 0.75 * seededRandom(hash)();
}

/** One simulated step: due visits move on, maybe a patient arrives, an asset moves, a staff member walks. */
export async function simulateStep(context: StepContext): Promise<StepReport> {
  const report: StepReport = {
    arrived: 0,
    moved: 0,
    called: 0,
    completed: 0,
    assetsMoved: 0,
    staffMoved: 0,
    failed: 0,
  };
  const world = await loadWorld(context.db, context.customerId, context.now());
  for (const visit of dueVisits(context, world))
    await attempt(context, report, () => advance(context, world, visit, report));
  if (world.visits.length < MAX_ACTIVE && context.random() < context.stepSec / MEAN_ARRIVAL_SEC) {
    await attempt(context, report, () => arrive(context, world, report));
  }
  if (context.random() < context.stepSec / MEAN_ASSET_MOVE_SEC) {
    await attempt(context, report, () => moveAsset(context, world, report));
  }
  if (context.random() < context.stepSec / MEAN_STAFF_MOVE_SEC) {
    await attempt(context, report, () => moveStaff(context, world, report));
  }
  return report;
}

/** A failed action is logged and counted; the others still run. */
async function attempt(context: StepContext, report: StepReport, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    report.failed += 1;
    context.log.warn({ err: error }, 'simulator action failed');
  }
}

function dueVisits(context: StepContext, world: World): Visit[] {
  const now = context.now().getTime();
  const overdueBy = (visit: Visit) => {
    const phase = world.phases.get(visit.phase_id);
    // The EHR's visit number where there is one: the feed makes the family code, not our random source.
    const key = world.feeds.externalIds.get(visit.id) ?? visit.family_code;
    const share = plannedShare(key, phase?.position ?? 0);
    const plannedMs = (phase?.estimated_duration_sec ?? 600) * 1000 * share;
    return (now - visit.phase_entered_at.getTime()) * context.rate - plannedMs;
  };
  return world.visits
    .filter((visit) => overdueBy(visit) >= 0)
    .sort((a, b) => overdueBy(b) - overdueBy(a))
    .slice(0, MAX_MOVES_PER_STEP);
}
