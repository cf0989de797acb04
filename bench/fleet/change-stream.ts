import { setTimeout as sleep } from 'node:timers/promises';
import { MessageSenderType } from '@careboard/contracts';
import { pick, type Random } from '../../apps/server/src/demo/random.ts';
import { admitVisit } from '../../apps/server/src/services/admit-visit.ts';
import { callVisitToStation } from '../../apps/server/src/services/call-visit-to-station.ts';
import { completeVisit } from '../../apps/server/src/services/complete-visit.ts';
import { moveAssetToLocation } from '../../apps/server/src/services/move-asset.ts';
import { moveVisitToPhase } from '../../apps/server/src/services/move-visit-to-phase.ts';
import { postMessage } from '../../apps/server/src/services/post-message.ts';
import type { Db } from '../../apps/server/src/store/database.ts';
import { now } from '../fanout/clock.ts';
import { type CustomerWorld, nextPhaseId, patientName } from './world.ts';

/** What a hospital's day is made of, by share of changes. */
const ACTIONS = [
  ['move', 0.4],
  ['call', 0.15],
  ['admit', 0.12],
  ['complete', 0.1],
  ['asset', 0.18],
  ['message', 0.05],
] as const;
type Action = (typeof ACTIONS)[number][0];

export type ChangeCounts = Record<Action, number>;

export interface ChangeLog {
  /** Commit time (clock.ts) of every change the stream made, by its change-log version. */
  readonly committedAt: Map<number, number>;
  readonly counts: ChangeCounts;
  /** Changes started later than planned because the one before took too long. */
  late: number;
  /** Changes the store refused (an overloaded database, say): counted, and the stream goes on. */
  failed: number;
  firstFailure?: string;
}

function chooseAction(random: Random, world: CustomerWorld): Action {
  if (world.visits.length < world.usualVisits / 2) return 'admit';
  let roll = random();
  for (const [action, share] of ACTIONS) {
    roll -= share;
    if (roll < 0) return action;
  }
  return 'move';
}

async function makeChange(db: Db, world: CustomerWorld, action: Action, random: Random): Promise<void> {
  const customerId = world.customerId;
  const visit = pick(random, world.visits);
  if ((action === 'move' || action === 'call' || action === 'complete') && !visit) return admit();
  async function admit(): Promise<void> {
    const workflowId = pick(random, world.workflowIds) as number;
    const made = await admitVisit(db, customerId, { ...patientName(random), workflow_id: workflowId });
    world.visits.push({ id: made.id, workflowId, phaseId: made.phase_id });
  }
  async function complete(id: number): Promise<void> {
    await completeVisit(db, customerId, { visit_id: id });
    world.visits.splice(
      world.visits.findIndex((v) => v.id === id),
      1,
    );
  }
  switch (action) {
    case 'admit':
      return admit();
    case 'complete':
      return complete((visit as CustomerWorld['visits'][number]).id);
    case 'move': {
      const moving = visit as CustomerWorld['visits'][number];
      const next = nextPhaseId(world, moving);
      if (next === undefined) return complete(moving.id);
      await moveVisitToPhase(db, customerId, { visit_id: moving.id, phase_id: next });
      moving.phaseId = next;
      return;
    }
    case 'call':
      await callVisitToStation(db, customerId, {
        visit_id: (visit as CustomerWorld['visits'][number]).id,
        station_id: pick(random, world.stationIds) as number,
        called_by: 'bench',
      });
      return;
    case 'asset':
      await moveAssetToLocation(db, customerId, {
        asset_id: pick(random, world.assetIds) as number,
        location_id: pick(random, world.parLocationIds) ?? null,
      });
      return;
    case 'message':
      await postMessage(db, customerId, {
        sender_type: MessageSenderType.User,
        text: `Bench notice ${Math.floor(random() * 1000)}`,
        expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
      });
  }
}

/** The newest version a change of the customer wrote (device presence rows aside: no board shows them). */
async function newestVersion(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('change_log')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('customer_id', '=', customerId)
    .where('entity', '<>', 'device')
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

export interface StreamOptions {
  readonly db: Db;
  readonly worlds: readonly CustomerWorld[];
  readonly rate: number;
  readonly seconds: number;
  readonly random: Random;
  /** Called once, half way through (the restart run kills the server there). */
  readonly halfway?: () => void;
}

/**
 * Changes at `rate` a second for `seconds`, the customers in turn, each made by the service
 * the API calls (one transaction, committed before the next starts); each one's commit time
 * is kept by the version it wrote, which the frames it causes carry.
 */
export async function runChangeStream(options: StreamOptions, log: ChangeLog): Promise<void> {
  const total = options.rate * options.seconds;
  const gap = 1000 / options.rate;
  const start = now();
  for (let i = 0; i < total; i++) {
    const due = start + i * gap;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    else if (wait < -gap) log.late += 1;
    if (i === Math.floor(total / 2)) options.halfway?.();
    const world = options.worlds[i % options.worlds.length] as CustomerWorld;
    const action = chooseAction(options.random, world);
    try {
      await makeChange(options.db, world, action, options.random);
      const at = now();
      log.committedAt.set(await newestVersion(options.db, world.customerId), at);
      log.counts[action] += 1;
    } catch (error) {
      log.failed += 1;
      log.firstFailure ??= error instanceof Error ? error.message : String(error);
    }
  }
}

export function emptyChangeLog(): ChangeLog {
  return {
    committedAt: new Map(),
    counts: { move: 0, call: 0, admit: 0, complete: 0, asset: 0, message: 0 },
    late: 0,
    failed: 0,
  };
}
