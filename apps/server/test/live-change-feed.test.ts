import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../src/live/bus/change-feed.ts';
import {
  type Change,
  type ChangeRow,
  listChangesSince,
  recordChanges,
  recordChangesOfCustomers,
} from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { countingStatements } from './counting-statements.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';

const A = 'acme';
const B = 'globex';
let db: Db;
let feed: ChangeFeed;
let url: string;

beforeAll(async () => {
  const domain = await openTestDomain();
  db = domain.db;
  url = domain.url;
  await seedCustomer(db, A);
  await seedCustomer(db, B);
  // No sweep during the test: what arrives came from the notifications alone.
  feed = new ChangeFeed(db, domain.url, pino({ level: 'silent' }), 600_000);
  await feed.start();
});
afterAll(async () => {
  await feed.stop();
  await db.destroy();
});

const devices = (from: number, count: number): Change[] =>
  Array.from({ length: count }, (_, index) => ({
    entity: 'device',
    entityId: from + index,
    action: 'update',
    boardIds: [],
  }));

/** One transaction recording each customer's changes, as a come-online batch does. */
const recordInOne = (changes: ReadonlyMap<string, Change[]>) =>
  db.transaction().execute((trx) => recordChangesOfCustomers(trx, changes));

async function until(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  for (let waited = 0; waited < timeoutMs; waited += 20) {
    if (done()) return;
    await sleep(20);
  }
  throw new Error('the feed did not deliver in time');
}

describe('the change feed (LIVE-27)', () => {
  it('gives each customer notified at once its own changes, in order, past a page of 1,000', async () => {
    const got = new Map<string, ChangeRow[]>([
      [A, []],
      [B, []],
    ]);
    const stops = await Promise.all(
      [A, B].map((customerId) => feed.subscribe(customerId, (rows) => got.get(customerId)?.push(...rows))),
    );
    await recordInOne(
      new Map([
        [A, devices(1, 1_200)],
        [B, devices(5_000, 3)],
      ]),
    );
    await until(() => got.get(A)?.length === 1_200 && got.get(B)?.length === 3);
    const mine = got.get(A) ?? [];
    expect(mine.map((row) => row.entity_id)).toEqual(Array.from({ length: 1_200 }, (_, i) => i + 1));
    expect(mine.every((row) => row.customer_id === A)).toBe(true);
    const versions = mine.map((row) => BigInt(row.version));
    expect(versions.every((version, i) => i === 0 || version > (versions[i - 1] as bigint))).toBe(true);
    expect((got.get(B) ?? []).map((row) => [row.customer_id, row.entity_id])).toEqual([
      [B, 5_000],
      [B, 5_001],
      [B, 5_002],
    ]);

    // Unsubscribed: a later change of that customer reaches nobody, the other's still arrives once.
    stops[0]?.();
    await recordInOne(
      new Map([
        [A, devices(9_000, 1)],
        [B, devices(9_001, 1)],
      ]),
    );
    await until(() => got.get(B)?.length === 4);
    await sleep(200);
    expect(got.get(A)).toHaveLength(1_200);
    expect(got.get(B)?.at(-1)?.entity_id).toBe(9_001);
    stops[1]?.();
  });
});

describe("a notification carries its transaction's rows (LIVE-35)", () => {
  it('delivers them without reading, exactly as stored; reads when they do not follow on or do not fit', async () => {
    const counting = countingStatements();
    const counted = new ChangeFeed(db.withPlugin(counting), url, pino({ level: 'silent' }), 600_000);
    await counted.start();
    const got: ChangeRow[] = [];
    const { version: start, unsubscribe } = await counted.follow(A, (rows) => got.push(...rows));
    const statementsAt = counting.count;

    // Two transactions, one of one customer, one of two: their rows come with their notifications.
    await db.transaction().execute((trx) =>
      recordChanges(trx, A, [
        { entity: 'visit', entityId: 7, action: 'update', boardIds: [3, 1] },
        { entity: 'message', entityId: 8, action: 'insert', boardIds: null },
      ]),
    );
    await recordInOne(
      new Map([
        [A, devices(20_000, 2)],
        [B, devices(20_100, 1)],
      ]),
    );
    await until(() => got.length === 4);
    expect(counting.count).toBe(statementsAt);
    expect(got).toEqual(await listChangesSince(db, A, start));
    expect(got[0]).toMatchObject({ entity: 'visit', entity_id: 7, board_ids: [1, 3], customer_id: A });

    // A row written without a notification (outside the services): the next notification's rows
    // do not follow on from what the feed has, so it reads, and misses nothing.
    await sql`INSERT INTO change_log (customer_id, entity, entity_id, action, board_ids)
      VALUES (${A}, 'visit', 30000, 'update', NULL)`.execute(db);
    await recordInOne(new Map([[A, devices(30_001, 1)]]));
    await until(() => got.length === 6);
    expect(counting.count).toBeGreaterThan(statementsAt);
    expect(got.slice(4).map((row) => row.entity_id)).toEqual([30_000, 30_001]);

    // Too many rows for a notification: read.
    const readsBefore = counting.count;
    await recordInOne(new Map([[A, devices(40_000, 400)]]));
    await until(() => got.length === 406);
    expect(counting.count).toBeGreaterThan(readsBefore);
    expect(got).toEqual(await listChangesSince(db, A, start));

    // Back to rows that follow on: no read again.
    const readsAfter = counting.count;
    await recordInOne(new Map([[A, devices(50_000, 1)]]));
    await until(() => got.length === 407);
    expect(counting.count).toBe(readsAfter);
    unsubscribe();
    await counted.stop();
  });
});

describe('a change notified while a customer is first followed (LIVE-58)', () => {
  it('reaches the listener once the version is known, with no sweep', async () => {
    /** A feed whose first read of a customer's version answers only when the test lets it. */
    class HeldFeed extends ChangeFeed {
      readonly held: { read?: () => void; let?: () => void } = {};
      override async currentVersion(customerId: string): Promise<string> {
        const version = await super.currentVersion(customerId);
        await new Promise<void>((resolve) => {
          this.held.let = resolve;
          this.held.read?.();
        });
        return version;
      }
    }
    const held = new HeldFeed(db, url, pino({ level: 'silent' }), 600_000);
    await held.start();
    const versionRead = new Promise<void>((resolve) => {
      held.held.read = resolve;
    });
    const got: ChangeRow[] = [];
    const following = held.follow(B, (rows) => got.push(...rows));
    await versionRead;
    // Committed after the version was read; its notification comes before the answer is used.
    await recordInOne(new Map([[B, devices(60_000, 1)]]));
    await sleep(500);
    held.held.let?.();
    const { version, unsubscribe } = await following;
    await until(() => got.length === 1);
    expect(got.map((row) => row.entity_id)).toEqual([60_000]);
    expect(BigInt(got[0]?.version ?? '0')).toBeGreaterThan(BigInt(version));
    unsubscribe();
    await held.stop();
  });
});
