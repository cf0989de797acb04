import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  keepDevicesOnline,
  keepHeldOnline,
  renewPresenceLease,
} from '../src/services/devices/device-presence.ts';
import { type Db, migrateToLatest, openDatabase } from '../src/store/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/store/embedded-postgres.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';

const C = 'acme';
/** The node holding the screens here, its lease running for the test (LIVE-53). */
const NODE = randomUUID();
/** Another node, which held them before. */
const OTHER = randomUUID();
let db: Db;

beforeAll(async () => {
  db = (await openTestDomain()).db;
  await seedCustomer(db, C);
  await renewPresenceLease(db, NODE, new Date(Date.now() + 600_000));
  await renewPresenceLease(db, OTHER, new Date(Date.now() + 600_000));
});
afterAll(async () => {
  await db.destroy();
});

/**
 * A cluster of its own for counting HOT updates: old row versions can be pruned only past the
 * oldest snapshot, and a snapshot's horizon counts transactions in every database of its cluster,
 * so another test file's open transaction on the shared one keeps the updates off their page.
 */
async function privateDomain(): Promise<{ db: Db; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'careboard-test-hot-'));
  chmodSync(dataDir, 0o755);
  const cluster: EmbeddedDatabase = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE hot TEMPLATE template0').finally(() => admin.end());
  const url = new URL(cluster.adminUrl);
  url.pathname = '/hot';
  const own = openDatabase(url.toString());
  await migrateToLatest(own);
  await seedCustomer(own, C);
  await renewPresenceLease(own, NODE, new Date(Date.now() + 600_000));
  await renewPresenceLease(own, OTHER, new Date(Date.now() + 600_000));
  return {
    db: own,
    stop: async () => {
      await own.destroy();
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `count` new screens of the customer, named `<name> <n>`: their ids. */
async function addScreens(count: number, name: string, on: Db = db): Promise<number[]> {
  const rows = await on
    .insertInto('devices')
    .values(Array.from({ length: count }, (_, i) => ({ customer_id: C, name: `${name} ${i}` })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

describe('screens coming online are updated in place (LIVE-42)', () => {
  it('claims screens without new index entries: their updates are HOT updates', async () => {
    const own = await privateDomain();
    try {
      await claimOnOwnCluster(own.db);
    } finally {
      await own.stop();
    }
  });
});

async function claimOnOwnCluster(db: Db): Promise<void> {
  const ids = await addScreens(50, 'Screen', db);
  const held = new Map([[C, ids]]);
  // Claimed by another node first (a node does not write the rows it holds already, LIVE-54).
  await keepDevicesOnline(db, held, OTHER);

  // The session's counts not yet reported, before and after the refresh: what the refresh did.
  const counts = await db.transaction().execute(async (trx) => {
    const read = async () => {
      const { rows } = await sql<{ updated: string; in_place: string }>`
          SELECT n_tup_upd AS updated, n_tup_hot_upd AS in_place
          FROM pg_stat_xact_user_tables WHERE relname = 'devices'`.execute(trx);
      return { updated: Number(rows[0]?.updated), inPlace: Number(rows[0]?.in_place) };
    };
    const before = await read();
    await keepDevicesOnline(trx, held, NODE);
    const after = await read();
    return { updated: after.updated - before.updated, inPlace: after.inPlace - before.inPlace };
  });
  // An update whose page is full goes to another page (most are not); with an index
  // on a column it writes, none can be.
  expect(counts.updated).toBe(50);
  expect(counts.inPlace).toBeGreaterThanOrEqual(25);
  const online = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_id', '=', C)
    .where('online_until', '>', sql<Date>`now() + interval '90 seconds'`)
    .executeTakeFirstOrThrow();
  expect(Number(online.n)).toBe(50);
}

describe('the presence heartbeat finds its screens by index (LIVE-45)', () => {
  it('claims and looks at a part of a large fleet without reading the whole table', async () => {
    const ids = await addScreens(5_000, 'Wall');
    await sql`ANALYZE devices`.execute(db);
    const part = new Map([[C, ids.slice(1_000, 1_200)]]);
    const scans = await db.transaction().execute(async (trx) => {
      const read = async () => {
        const { rows } = await sql<{ seq: string; tuples: string }>`
          SELECT seq_scan AS seq, seq_tup_read AS tuples
          FROM pg_stat_xact_user_tables WHERE relname = 'devices'`.execute(trx);
        return { seq: Number(rows[0]?.seq ?? 0), tuples: Number(rows[0]?.tuples ?? 0) };
      };
      const before = await read();
      const refused = await keepDevicesOnline(trx, part, NODE);
      const again = await keepHeldOnline(trx, part, NODE);
      const after = await read();
      return { refused, again, seq: after.seq - before.seq, tuples: after.tuples - before.tuples };
    });
    expect(scans.refused).toEqual(new Map([[C, []]]));
    expect(scans.again).toEqual(new Map([[C, []]]));
    // By index: no sequential scan of every device, so what a part reads does not grow with the fleet.
    expect(scans.seq).toBe(0);
    expect(scans.tuples).toBe(0);
    const online = await db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('customer_id', '=', C)
      .where('name', 'like', 'Wall %')
      .where('online_until', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(online.n)).toBe(200);
  });
});
