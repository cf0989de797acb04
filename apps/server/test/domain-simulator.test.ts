import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES } from '../src/demo/demo-data.ts';
import { seededRandom } from '../src/demo/random.ts';
import { startSimulator } from '../src/demo/simulator.ts';
import type { StepReport } from '../src/demo/simulator-context.ts';
import { simulateStep } from '../src/demo/simulator-step.ts';
import { listChangesSince } from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { countAssets } from '../src/store/repositories/assets.ts';
import { listActiveVisits } from '../src/store/repositories/visits.ts';
import { countChanges, openTestDomain, seedCustomer } from './domain-fixtures.ts';

const T0 = new Date('2030-01-15T15:00:00Z');
let db: Db;

function capturingLog() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, sink), lines };
}

/** Runs `steps` steps a minute of simulated time apart on a hand-moved clock. */
async function runSteps(customerId: string, steps: number, seed: number, log = pino({ level: 'silent' })) {
  let clock = T0.getTime();
  const context = {
    db,
    customerId,
    rate: 1,
    stepSec: 60,
    log,
    random: seededRandom(seed),
    now: () => new Date(clock),
  };
  const reports: StepReport[] = [];
  for (let i = 0; i < steps; i++) {
    clock += 60_000;
    reports.push(await simulateStep(context));
  }
  const total = (key: keyof StepReport) => reports.reduce((sum, report) => sum + report[key], 0);
  return { reports, total };
}

beforeAll(async () => {
  ({ db } = await openTestDomain());
  for (const id of ['sim-a', 'sim-b', 'sim-c', 'sim-d', 'sim-e', 'sim-f']) await seedCustomer(db, id, T0);
});
afterAll(() => db.destroy());

describe('the simulator', () => {
  it('admits, moves, calls and completes patients and moves assets, every change in the change log', {
    timeout: 60_000,
  }, async () => {
    const { log, lines } = capturingLog();
    const assetsBefore = await countAssets(db, 'sim-a');
    const changesBefore = await countChanges(db, 'sim-a');
    const { total } = await runSteps('sim-a', 60, 1, log);
    expect(total('arrived')).toBeGreaterThan(3);
    expect(total('moved')).toBeGreaterThan(20);
    expect(total('called')).toBeGreaterThan(3);
    expect(total('completed')).toBeGreaterThan(3);
    expect(total('assetsMoved')).toBeGreaterThan(3);
    expect(total('failed')).toBe(0);
    // Each arrival, move and completion is a visit change, a call one more; a badge handed out and
    // staff found with a patient by the RTLS feed add more. A call adds a call; an asset move one more.
    const changes = (await listChangesSince(db, 'sim-a', '0', 100_000)).slice(changesBefore);
    const count = (entity: string) => changes.filter((change) => change.entity === entity).length;
    expect(count('visit')).toBeGreaterThanOrEqual(
      total('arrived') + total('moved') + total('completed') + total('called'),
    );
    expect(count('call')).toBe(total('called'));
    expect(count('asset')).toBe(total('assetsMoved'));
    expect(await countAssets(db, 'sim-a')).not.toEqual(assetsBefore);
    const active = await listActiveVisits(db, 'sim-a');
    expect(active.length).toBeGreaterThan(25);
    expect(active.length).toBeLessThanOrEqual(48);
    expect(lines.filter((line) => line.msg === 'simulator: visit moved').length).toBe(total('moved'));
  });

  it('brings patients in and out by ADT and moves badges and assets by RTLS sightings (FEED-06)', async () => {
    const { total } = await runSteps('sim-f', 40, 3);
    expect(total('arrived')).toBeGreaterThan(2);
    expect(total('failed')).toBe(0);
    const messages = await db
      .selectFrom('feed_messages')
      .select(['feed', 'transport', 'status', 'message_type'])
      .where('customer_id', '=', 'sim-f')
      .execute();
    expect(new Set(messages.map((m) => m.transport))).toEqual(new Set(['demo']));
    expect(messages.every((m) => m.status === 'applied')).toBe(true);
    const types = new Set(messages.map((m) => m.message_type));
    for (const type of ['ADT^A04', 'ADT^A03', 'sightings']) expect(types).toContain(type);
    const actors = await db
      .selectFrom('audit_events')
      .select(['actor', 'entity'])
      .distinct()
      .where('customer_id', '=', 'sim-f')
      .where('actor_kind', '=', 'feed')
      .execute();
    expect(actors).toEqual(
      expect.arrayContaining([
        { actor: 'feed:hl7', entity: 'visits' },
        { actor: 'feed:rtls', entity: 'visits' },
        { actor: 'feed:rtls', entity: 'assets' },
      ]),
    );
    const admitted = await db
      .selectFrom('visits')
      .select('id')
      .where('customer_id', '=', 'sim-f')
      .where('arrived_at', '>', T0)
      .where('external_id', 'is not', null)
      .execute();
    expect(admitted.length).toBe(total('arrived'));
  });

  it('never logs a patient name', async () => {
    const { log, lines } = capturingLog();
    await runSteps('sim-b', 30, 2, log);
    expect(lines.length).toBeGreaterThan(10);
    const text = JSON.stringify(lines);
    for (const name of [...DEMO_FIRST_NAMES, ...DEMO_LAST_NAMES]) {
      expect(text, name).not.toMatch(new RegExp(`\\b${name}\\b`));
    }
  });

  it('does the same thing for the same seed and clock', async () => {
    const first = await runSteps('sim-c', 20, 9);
    const second = await runSteps('sim-d', 20, 9);
    expect(first.total('moved')).toBeGreaterThan(0);
    expect(second.reports).toEqual(first.reports);
    const shape = async (customer: string) =>
      (await listChangesSince(db, customer, '0', 100_000)).map(
        (change) => `${change.entity}:${change.action}`,
      );
    expect(await shape('sim-d')).toEqual(await shape('sim-c'));
  });
});

describe('the simulator and the tag rules', () => {
  it('runs past the non-reporting window on the demo tags, and hands out no badge whose tag went silent', async () => {
    // Half the patient tags went silent an hour ago (by the real clock, as the simulator's badge list reads it).
    await db
      .updateTable('tags')
      .set({ last_seen_at: new Date(Date.now() - 3_600_000) })
      .where('customer_id', '=', 'sim-e')
      .where('kind', '=', 'patient_badge')
      .where((eb) => eb(eb.fn('mod', ['id', eb.lit(2)]), '=', 0))
      .execute();
    // Free badges gone silent; a worn one comes back to life when the patient's moves are seen.
    const silent = await db
      .selectFrom('badges as b')
      .innerJoin('tags as t', 't.id', 'b.tag_id')
      .select('b.id')
      .where('b.customer_id', '=', 'sim-e')
      .where('t.last_seen_at', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('visits as v')
              .select('v.id')
              .whereRef('v.badge_id', '=', 'b.id')
              .where('v.completed_at', 'is', null),
          ),
        ),
      )
      .execute();
    expect(silent.length).toBeGreaterThan(10);
    // Thirty simulated minutes: three times the default window after the seed.
    const { total } = await runSteps('sim-e', 30, 5);
    expect(total('arrived')).toBeGreaterThan(0);
    expect(total('failed')).toBe(0);
    const badged = await db
      .selectFrom('visits')
      .select('badge_id')
      .where('customer_id', '=', 'sim-e')
      .where('completed_at', 'is', null)
      .where('arrived_at', '>', T0)
      .execute();
    expect(badged.some((visit) => visit.badge_id !== null)).toBe(true);
    const silentIds = new Set(silent.map((badge) => badge.id));
    expect(badged.filter((visit) => visit.badge_id !== null && silentIds.has(visit.badge_id))).toEqual([]);
  });
});

describe('startSimulator', () => {
  it('is a no-op at rate 0', async () => {
    const before = await countChanges(db, 'sim-a');
    const simulator = startSimulator({ db, customerId: 'sim-a', rate: 0, log: pino({ level: 'silent' }) });
    await sleep(250);
    await simulator.stop();
    expect(await countChanges(db, 'sim-a')).toBe(before);
  });

  it('runs on its timer, keeps going after a failed step, and stops for good', async () => {
    const { log, lines } = capturingLog();
    let calls = 0;
    const before = await countChanges(db, 'sim-b');
    const simulator = startSimulator({
      db,
      customerId: 'sim-b',
      rate: 10_000,
      log,
      random: seededRandom(3),
      now: () => {
        calls += 1;
        if (calls === 1) throw new Error('the clock broke');
        return new Date();
      },
    });
    for (let waited = 0; waited < 5000 && (await countChanges(db, 'sim-b')) === before; waited += 50)
      await sleep(50);
    await simulator.stop();
    const stoppedAt = await countChanges(db, 'sim-b');
    expect(stoppedAt).toBeGreaterThan(before);
    expect(lines.some((line) => line.msg === 'simulator step failed')).toBe(true);
    await sleep(400);
    expect(await countChanges(db, 'sim-b')).toBe(stoppedAt);
  });
});
