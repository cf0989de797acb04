import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  keepDevicesOnline,
  keepHeldOnline,
  markDeviceOfflineNow,
  releaseScreensNotHeld,
  renewPresenceLease,
  sweepLapsedPresence,
} from '../src/services/devices/device-presence.ts';
import { listChangesSince } from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { findDeviceRecord, markDeviceRecordRevoked } from '../src/store/repositories/devices.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';
import { eventually } from './presence-fixtures.ts';

const C = 'lease';
let db: Db;

beforeAll(async () => {
  db = (await openTestDomain()).db;
  await seedCustomer(db, C);
});
afterAll(async () => {
  await db.destroy();
});

async function addScreens(count: number): Promise<number[]> {
  const rows = await db
    .insertInto('devices')
    .values(Array.from({ length: count }, (_, i) => ({ customer_id: C, name: `Lease ${i}` })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

const online = async (id: number) => (await findDeviceRecord(db, C, id))?.online;
const ahead = (ms: number) => new Date(Date.now() + ms);

/** The presence changes recorded for the screens since `version`: [id, 'online' or 'offline']. */
async function presenceSince(version: string, ids: readonly number[]): Promise<number[]> {
  const rows = await listChangesSince(db, C, version);
  return rows
    .filter((row) => row.entity === 'device_presence' && ids.includes(row.entity_id))
    .map((row) => row.entity_id);
}

/** Whether a statement of this database waits for a row lock. */
async function waitingForALock(): Promise<boolean> {
  const { rows } = await sql<{ waiting: number }>`
    SELECT count(*)::int AS waiting FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
  return (rows[0]?.waiting ?? 0) > 0;
}

const newestVersion = async () => (await listChangesSince(db, C, '0')).at(-1)?.version ?? '0';

/** The devices table's row updates this session has made, not yet reported: what a call wrote. */
async function updatesBy(run: (trx: Db) => Promise<unknown>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const read = async () => {
      const { rows } = await sql<{ updated: string }>`
        SELECT n_tup_upd AS updated FROM pg_stat_xact_user_tables WHERE relname = 'devices'`.execute(trx);
      return Number(rows[0]?.updated ?? 0);
    };
    const before = await read();
    await run(trx);
    return (await read()) - before;
  });
}

describe('a presence lease per node, not per screen (LIVE-53)', () => {
  it('keeps its screens online by its own lease: a heartbeat writes no screen’s row', async () => {
    const node = randomUUID();
    const ids = await addScreens(40);
    const held = new Map([[C, ids]]);
    await renewPresenceLease(db, node, ahead(60_000));
    const since = await newestVersion();
    expect(await keepDevicesOnline(db, held, node)).toEqual(new Map([[C, []]]));
    expect(await presenceSince(since, ids)).toHaveLength(40);
    expect(await online(ids[0] ?? 0)).toBe(true);

    // A beat renews the node's lease and rewrites no held screen's row (LIVE-53).
    const written = await updatesBy(async (trx) => {
      await renewPresenceLease(trx, node, ahead(60_000));
      expect(await keepHeldOnline(trx, held, node)).toEqual(new Map([[C, []]]));
    });
    expect(written).toBe(0);
    expect(await presenceSince(since, ids)).toHaveLength(40);
    // An online screen is seen now.
    const record = await findDeviceRecord(db, C, ids[0] ?? 0);
    expect(Math.abs((record?.last_seen_at?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);
  });

  it('sends a node’s screens offline when its lease lapses, and the sweep records it once', async () => {
    const node = randomUUID();
    const ids = await addScreens(3);
    await renewPresenceLease(db, node, ahead(60_000));
    await keepDevicesOnline(db, new Map([[C, ids]]), node);
    expect(await online(ids[1] ?? 0)).toBe(true);

    // The node died: its lease ran out.
    await renewPresenceLease(db, node, ahead(-1_000));
    expect(await online(ids[1] ?? 0)).toBe(false);
    const since = await newestVersion();
    expect(await sweepLapsedPresence(db)).toBeGreaterThanOrEqual(3);
    expect((await presenceSince(since, ids)).sort()).toEqual([...ids].sort());
    const again = await newestVersion();
    await sweepLapsedPresence(db);
    expect(await presenceSince(again, ids)).toEqual([]);
  });

  it('lets another node that holds a screen claim it back when the first lets it go', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const [id = 0] = await addScreens(1);
    const held = new Map([[C, [id]]]);
    for (const node of [first, second]) {
      await renewPresenceLease(db, node, ahead(60_000));
      await keepDevicesOnline(db, held, node);
    }
    // The second node claimed it last; its connection closes.
    await markDeviceOfflineNow(db, C, id, second);
    expect(await online(id)).toBe(false);
    const since = await newestVersion();
    expect(await keepHeldOnline(db, held, first)).toEqual(new Map([[C, []]]));
    expect(await online(id)).toBe(true);
    expect(await presenceSince(since, [id])).toEqual([id]);
    // The second node's lease running out no longer matters: the first holds it.
    await renewPresenceLease(db, second, ahead(-1_000));
    expect(await online(id)).toBe(true);
  });

  it('leaves online, with no change, a screen another node claimed before this one saw it close (LIVE-60)', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const [id = 0] = await addScreens(1);
    const held = new Map([[C, [id]]]);
    for (const node of [first, second]) await renewPresenceLease(db, node, ahead(60_000));
    await keepDevicesOnline(db, held, first);
    // The screen's network dropped; it came back on the second node before the first's keep-alive
    // gave its old socket up.
    await keepDevicesOnline(db, held, second);
    const since = await newestVersion();
    await markDeviceOfflineNow(db, C, id, first);
    expect(await online(id)).toBe(true);
    expect(await presenceSince(since, [id])).toEqual([]);
    // The node that claimed it last still sends it offline when its connection closes.
    await markDeviceOfflineNow(db, C, id, second);
    expect(await online(id)).toBe(false);
    expect(await presenceSince(since, [id])).toEqual([id]);
  });

  it('leaves offline a screen let go while a claim of it ran, with no change (LIVE-55)', async () => {
    const node = randomUUID();
    const [left = 0, kept = 0] = await addScreens(2);
    await renewPresenceLease(db, node, ahead(60_000));
    await keepDevicesOnline(db, new Map([[C, [left, kept]]]), node);
    // The node heard a presence change and looks at both; meanwhile the last connection of `left`
    // closed and its offline write came first. A lapse sweep sent `kept` offline too.
    await markDeviceOfflineNow(db, C, left, node);
    await markDeviceOfflineNow(db, C, kept, node);
    const since = await newestVersion();
    const asked: number[] = [];
    const stillHeld = (customerId: string, id: number) => {
      asked.push(id);
      return customerId === C && id !== left;
    };
    expect(await keepHeldOnline(db, new Map([[C, [left, kept]]]), node, stillHeld)).toEqual(
      new Map([[C, []]]),
    );
    expect(await online(left)).toBe(false);
    expect(await online(kept)).toBe(true);
    expect(await presenceSince(since, [left, kept])).toEqual([kept]);
    expect(asked.sort()).toEqual([left, kept].sort());
  });

  it('leaves to another node a screen it claimed while this claim waited for the row (LIVE-55)', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const [id = 0] = await addScreens(1);
    const held = new Map([[C, [id]]]);
    for (const node of [first, second]) await renewPresenceLease(db, node, ahead(60_000));
    const since = await newestVersion();
    let late: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (trx) => {
      // The first node claims it, and has not committed yet when the second, which no longer holds
      // it, looks: the second finds it offline and waits for the row.
      await keepHeldOnline(trx, held, first);
      late = keepHeldOnline(db, held, second, () => false);
      expect(await eventually(waitingForALock, 5_000)).toBe(true);
    });
    await late;
    // The second must not claim it over the first's claim and let it go (offline, held by the first).
    expect(await online(id)).toBe(true);
    expect(await presenceSince(since, [id])).toEqual([id]);
  });

  it('answers the held screens revoked or gone, and claims none of them', async () => {
    const node = randomUUID();
    const [kept = 0, revoked = 0] = await addScreens(2);
    await renewPresenceLease(db, node, ahead(60_000));
    await keepDevicesOnline(db, new Map([[C, [kept, revoked]]]), node);
    await markDeviceRecordRevoked(db, C, revoked);
    const refused = await keepHeldOnline(db, new Map([[C, [kept, revoked, 999_999]]]), node);
    expect(refused).toEqual(new Map([[C, [revoked, 999_999]]]));
    expect(await online(revoked)).toBe(false);
    expect(await online(kept)).toBe(true);
  });

  it('keeps a screen online by its own time when no node names it (written before the node lease)', async () => {
    const [id = 0] = await addScreens(1);
    await db
      .updateTable('devices')
      .set({ online_until: ahead(60_000) })
      .where('id', '=', id)
      .execute();
    expect(await online(id)).toBe(true);
    await sweepLapsedPresence(db);
    expect(await online(id)).toBe(true);
    await db
      .updateTable('devices')
      .set({ online_until: ahead(-1_000) })
      .where('id', '=', id)
      .execute();
    expect(await online(id)).toBe(false);
    const since = await newestVersion();
    await sweepLapsedPresence(db);
    expect(await presenceSince(since, [id])).toEqual([id]);
  });
});

describe('a process restarted in its place is the same node (LIVE-54)', () => {
  it('claims the screens that name it, under its running lease, without writing their rows or recording a change', async () => {
    const node = randomUUID();
    const ids = await addScreens(30);
    const held = new Map([[C, ids]]);
    await renewPresenceLease(db, node, ahead(60_000));
    await keepDevicesOnline(db, held, node);

    // The process died and another started in its place: it renews the lease, and the screens come back.
    const since = await newestVersion();
    const written = await updatesBy(async (trx) => {
      await renewPresenceLease(trx, node, ahead(60_000));
      expect(await keepDevicesOnline(trx, held, node)).toEqual(new Map([[C, []]]));
    });
    expect(written).toBe(0);
    expect(await presenceSince(since, ids)).toEqual([]);
    expect(await online(ids[0] ?? 0)).toBe(true);
  });

  it('lets them go and claims them again, as coming online, when its lease lapsed meanwhile', async () => {
    const node = randomUUID();
    const ids = await addScreens(2);
    const held = new Map([[C, ids]]);
    await renewPresenceLease(db, node, ahead(60_000));
    await keepDevicesOnline(db, held, node);
    await renewPresenceLease(db, node, ahead(-1_000));
    expect(await online(ids[0] ?? 0)).toBe(false);

    // Its successor renews the lease: the screens, offline by the lapse, are let go (a presence
    // change each), then claimed as they come back (another each).
    const since = await newestVersion();
    const written = await updatesBy(async (trx) => {
      await renewPresenceLease(trx, node, ahead(60_000));
      await keepDevicesOnline(trx, held, node);
    });
    expect(written).toBe(4);
    expect((await presenceSince(since, ids)).sort()).toEqual([...ids, ...ids].sort());
    expect(await online(ids[0] ?? 0)).toBe(true);
  });

  it('does not refuse a screen that another claim of the node made its own meanwhile', async () => {
    const node = randomUUID();
    const [id = 0] = await addScreens(1);
    const held = new Map([[C, [id]]]);
    await renewPresenceLease(db, node, ahead(60_000));
    // Two connections of one screen, claimed in two batches at once: the second waits for the
    // first's lock, and finds the row its own once it has it.
    let release: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let claimedFirst: () => void = () => undefined;
    const firstClaimed = new Promise<void>((resolve) => (claimedFirst = resolve));
    const first = db.transaction().execute(async (trx) => {
      const refused = await keepDevicesOnline(trx, held, node);
      claimedFirst();
      await holding;
      return refused;
    });
    await firstClaimed;
    const second = keepDevicesOnline(db, held, node);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    expect(await first).toEqual(new Map([[C, []]]));
    expect(await second).toEqual(new Map([[C, []]]));
    expect(await online(id)).toBe(true);
  });

  it('refuses a revoked screen that names it', async () => {
    const node = randomUUID();
    const [kept = 0, revoked = 0] = await addScreens(2);
    await renewPresenceLease(db, node, ahead(60_000));
    await keepDevicesOnline(db, new Map([[C, [kept, revoked]]]), node);
    await markDeviceRecordRevoked(db, C, revoked);
    expect(await keepDevicesOnline(db, new Map([[C, [kept, revoked]]]), node)).toEqual(
      new Map([[C, [revoked]]]),
    );
  });

  it('lets go of the screens it names and does not hold, each with its presence change, once', async () => {
    const node = randomUUID();
    const [back = 0, gone = 0, alsoGone = 0] = await addScreens(3);
    await renewPresenceLease(db, node, ahead(60_000));
    await keepDevicesOnline(db, new Map([[C, [back, gone, alsoGone]]]), node);

    const since = await newestVersion();
    expect(await releaseScreensNotHeld(db, node, new Map([[C, [back]]]))).toBe(2);
    expect(await online(back)).toBe(true);
    expect(await online(gone)).toBe(false);
    expect(await online(alsoGone)).toBe(false);
    expect((await presenceSince(since, [back, gone, alsoGone])).sort()).toEqual([gone, alsoGone].sort());
    expect(await releaseScreensNotHeld(db, node, new Map([[C, [back]]]))).toBe(0);
  });
});
