import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepDevicesOnline, renewPresenceLease } from '../src/services/devices/device-presence.ts';
import { postMessage } from '../src/services/post-message.ts';
import {
  CHANGES_CHANNEL,
  listChangesSince,
  recordChanges,
  recordChangesOfCustomers,
} from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { countChanges, openTestDomain, seedCustomer } from './domain-fixtures.ts';

const C = 'acme';
const OTHER = 'globex';
let db: Db;
let listener: pg.Client;
const received: {
  version: number;
  customer_id: string;
  after: number | null;
  at: string;
  rows: unknown[] | null;
}[] = [];

beforeAll(async () => {
  const domain = await openTestDomain();
  db = domain.db;
  await seedCustomer(db, C);
  await seedCustomer(db, OTHER);
  listener = new pg.Client({ connectionString: domain.url });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel === CHANGES_CHANNEL) received.push(JSON.parse(message.payload ?? 'null'));
  });
  await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
});
afterAll(async () => {
  await listener.end();
  await db.destroy();
});

async function waitFor<T>(read: () => T | undefined, timeoutMs = 2000): Promise<T> {
  for (let waited = 0; waited < timeoutMs; waited += 20) {
    const value = read();
    if (value !== undefined) return value;
    await sleep(20);
  }
  throw new Error('nothing arrived');
}

describe('change log', () => {
  it('writes a row per change and notifies {version, customer_id} of the highest one', async () => {
    received.length = 0;
    const message = await postMessage(db, C, { sender_type: 1, text: 'Hello' });
    const notice = await waitFor(() => received[0]);
    const [row] = (await listChangesSince(db, C, '0')).slice(-1);
    expect(row).toMatchObject({ customer_id: C, entity: 'message', entity_id: message.id, action: 'insert' });
    const previous = (await listChangesSince(db, C, '0')).at(-2);
    // With its rows, the version before them, and the time they were committed (LIVE-35).
    expect(notice).toEqual({
      version: Number(row?.version),
      customer_id: C,
      after: previous ? Number(previous.version) : null,
      at: expect.any(String),
      rows: [[row?.version, 'message', message.id, 'insert', row?.board_ids ?? null]],
    });
    expect(new Date(notice.at).getTime()).toBe(row?.created_at.getTime());
    expect(await listChangesSince(db, C, row?.version ?? '0')).toEqual([]);
  });

  it('notifies only on commit, never while the transaction is open', async () => {
    received.length = 0;
    let seenInside = -1;
    await db.transaction().execute(async (trx) => {
      await postMessage(trx, C, { sender_type: 2, text: 'Inside a transaction' });
      await sleep(300);
      seenInside = received.length;
    });
    expect(seenInside).toBe(0);
    expect((await waitFor(() => received[0])).customer_id).toBe(C);
  });

  it('leaves no row and sends no notice when the transaction rolls back', async () => {
    received.length = 0;
    const before = await countChanges(db, C);
    await expect(
      db.transaction().execute(async (trx) => {
        await postMessage(trx, C, { sender_type: 2, text: 'Never seen' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await sleep(300);
    expect(received).toEqual([]);
    expect(await countChanges(db, C)).toBe(before);
  });

  it('numbers versions upward, keeps board ids sorted and distinct, and refuses to run outside a transaction', async () => {
    const version = await db.transaction().execute((trx) =>
      recordChanges(trx, C, [
        { entity: 'device', entityId: 1, action: 'update', boardIds: [3, 1, 3] },
        { entity: 'device', entityId: 2, action: 'delete', boardIds: null },
      ]),
    );
    const rows = (await listChangesSince(db, C, '0')).slice(-2);
    expect(rows.map((row) => row.board_ids)).toEqual([[1, 3], null]);
    expect(BigInt(rows[1]?.version ?? 0)).toBeGreaterThan(BigInt(rows[0]?.version ?? 0));
    expect(version).toBe(rows[1]?.version);
    await expect(
      recordChanges(db, C, [{ entity: 'device', entityId: 1, action: 'update', boardIds: null }]),
    ).rejects.toThrow('inside the write transaction');
  });

  it("records several customers' changes in one transaction, each customer notified of its own highest version", async () => {
    received.length = 0;
    const versions = await db.transaction().execute((trx) =>
      recordChangesOfCustomers(
        trx,
        new Map([
          [OTHER, [{ entity: 'device' as const, entityId: 7, action: 'update' as const, boardIds: [] }]],
          [
            C,
            [
              { entity: 'device' as const, entityId: 5, action: 'update' as const, boardIds: [] },
              { entity: 'device' as const, entityId: 6, action: 'update' as const, boardIds: [] },
            ],
          ],
          ['nobody', []],
        ]),
      ),
    );
    const mine = (await listChangesSince(db, C, '0')).slice(-2);
    const theirs = (await listChangesSince(db, OTHER, '0')).slice(-1);
    expect(mine.map((row) => row.entity_id)).toEqual([5, 6]);
    expect(theirs.map((row) => row.entity_id)).toEqual([7]);
    expect(versions).toEqual(
      new Map([
        [C, mine[1]?.version],
        [OTHER, theirs[0]?.version],
      ]),
    );
    // A notification of an earlier test's transaction may still arrive now: only this one's count.
    const first = Math.min(Number(mine[0]?.version), Number(theirs[0]?.version));
    const ofThis = () => received.filter((notice) => notice.version >= first);
    await waitFor(() => (ofThis().length >= 2 ? true : undefined));
    expect(
      ofThis()
        .sort((a, b) => a.customer_id.localeCompare(b.customer_id))
        .map(({ version, customer_id, rows }) => ({ version, customer_id, rows })),
    ).toEqual([
      {
        version: Number(mine[1]?.version),
        customer_id: C,
        rows: mine.map((row) => [row.version, 'device', row.entity_id, 'update', []]),
      },
      {
        version: Number(theirs[0]?.version),
        customer_id: OTHER,
        rows: [[theirs[0]?.version, 'device', 7, 'update', []]],
      },
    ]);
  });

  it('brings devices of several customers online together, refusing one named under the wrong customer', async () => {
    const [mine, theirs] = await Promise.all(
      [C, OTHER].map((customerId, index) =>
        db
          .insertInto('devices')
          .values({ customer_id: customerId, name: `Screen ${index}` })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    const before = await countChanges(db, OTHER);
    const node = randomUUID();
    await renewPresenceLease(db, node, new Date(Date.now() + 60_000));
    const held = new Map([
      [C, [mine?.id ?? 0, theirs?.id ?? 0]],
      [OTHER, [theirs?.id ?? 0]],
    ]);
    const refused = await keepDevicesOnline(db, held, node);
    expect(refused).toEqual(
      new Map([
        [C, [theirs?.id]],
        [OTHER, []],
      ]),
    );
    const [row] = (await listChangesSince(db, OTHER, '0')).slice(-1);
    expect(row).toMatchObject({ entity: 'device_presence', entity_id: theirs?.id, board_ids: [] });
    expect(await countChanges(db, OTHER)).toBe(before + 1);
    // Online already: a refresh records nothing.
    await keepDevicesOnline(db, held, node);
    expect(await countChanges(db, OTHER)).toBe(before + 1);
  });
});
