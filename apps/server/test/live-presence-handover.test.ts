import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../src/live/bus/change-feed.ts';
import { DevicePresence } from '../src/live/devices/device-presence.ts';
import { listChangesSince } from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { createDeviceStateLoader } from '../src/store/device-state-loader.ts';
import { findDeviceRecord } from '../src/store/repositories/devices.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';
import { eventually, screenPrincipal } from './presence-fixtures.ts';

const C = 'handover';
const log = pino({ level: 'silent' });
let db: Db;
const feeds: ChangeFeed[] = [];
const nodes: DevicePresence[] = [];

beforeAll(async () => {
  const domain = await openTestDomain();
  db = domain.db;
  await seedCustomer(db, C);
  // Two nodes of one site, each with its own change feed; their heartbeat is far off, so only
  // what they hear can bring a screen back.
  for (let n = 0; n < 2; n++) {
    const feed = new ChangeFeed(db, domain.url, log, 600_000);
    await feed.start();
    feeds.push(feed);
    const node = new DevicePresence({
      db,
      feed,
      log,
      loadState: createDeviceStateLoader(db),
      heartbeatMs: 600_000,
    });
    node.start();
    nodes.push(node);
  }
});
afterAll(async () => {
  for (const node of nodes) node.stop();
  for (const feed of feeds) await feed.stop();
  await db.destroy();
});

const online = async (id: number) => (await findDeviceRecord(db, C, id))?.online;
/** The node whose claim the screen's row names. */
const claimedBy = async (id: number) =>
  (
    await db
      .selectFrom('devices')
      .select('online_node')
      .where('customer_id', '=', C)
      .where('id', '=', id)
      .executeTakeFirst()
  )?.online_node ?? null;

describe('a screen held by two nodes (LIVE-53)', () => {
  it('is claimed back by the node still holding it as soon as the other lets it go', async () => {
    const { id } = await db
      .insertInto('devices')
      .values({ customer_id: C, name: 'Hall' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const principal = screenPrincipal(C, id);
    const [first, second] = nodes;
    // The first node claims it; then the second, whose claim names it last: only the node a
    // screen's claim names sends it offline when its connection closes (LIVE-60).
    const keep = await first?.open(principal, () => undefined);
    expect(await eventually(async () => (await online(id)) === true, 5_000)).toBe(true);
    const firstClaim = await claimedBy(id);
    const leave = await second?.open(principal, () => undefined);
    expect(typeof keep).toBe('function');
    expect(typeof leave).toBe('function');
    expect(
      await eventually(async () => {
        const node = await claimedBy(id);
        return node !== null && node !== firstClaim;
      }, 5_000),
    ).toBe(true);

    // The second node's connection closes: the device goes offline there, and the first, hearing
    // it, claims it back long before its next look (ten minutes off here).
    const since = (await listChangesSince(db, C, '0')).at(-1)?.version ?? '0';
    if (typeof leave === 'function') leave();
    const presence = async () =>
      (await listChangesSince(db, C, since)).filter(
        (row) => row.entity === 'device_presence' && row.entity_id === id,
      ).length;
    // Offline, then online again: two presence changes, and online at the end.
    expect(await eventually(async () => (await presence()) >= 2 && (await online(id)) === true, 5_000)).toBe(
      true,
    );
    if (typeof keep === 'function') keep();
    expect(await eventually(async () => (await online(id)) === false, 5_000)).toBe(true);
  });
});
