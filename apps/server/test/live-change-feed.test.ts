import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../src/live/bus/change-feed.ts';
import { type Change, type ChangeRow, recordChangesOfCustomers } from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';

const A = 'acme';
const B = 'globex';
let db: Db;
let feed: ChangeFeed;

beforeAll(async () => {
  const domain = await openTestDomain();
  db = domain.db;
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
