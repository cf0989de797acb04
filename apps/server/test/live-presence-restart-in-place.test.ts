import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../src/live/bus/change-feed.ts';
import { DevicePresence } from '../src/live/devices/device-presence.ts';
import { presenceNodeId } from '../src/live/devices/presence-node.ts';
import { listChangesSince } from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { createDeviceStateLoader } from '../src/store/device-state-loader.ts';
import { findDeviceRecord } from '../src/store/repositories/devices.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';
import { eventually, screenPrincipal } from './presence-fixtures.ts';

const C = 'in-place';
const log = pino({ level: 'silent' });
let db: Db;
let url: string;
const stops: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  const domain = await openTestDomain();
  db = domain.db;
  url = domain.url;
  await seedCustomer(db, C);
});
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await db.destroy();
});

/** A server process's presence: its own change feed, the node it is given. */
async function startProcess(node: string, timing: { heartbeatMs: number; ttlMs: number }) {
  const feed = new ChangeFeed(db, url, log, 600_000);
  await feed.start();
  const presence = new DevicePresence({
    db,
    feed,
    log,
    loadState: createDeviceStateLoader(db),
    node,
    ...timing,
  });
  presence.start();
  let dead = false;
  const die = async () => {
    if (dead) return;
    dead = true;
    presence.stop();
    await feed.stop();
  };
  stops.push(die);
  return { presence, die };
}

const screen = (id: number) => screenPrincipal(C, id);
const online = async (id: number) => (await findDeviceRecord(db, C, id))?.online;

describe('a server process restarted in its place (LIVE-54)', () => {
  it('is the same node: a name per machine, port and index', () => {
    const node = presenceNodeId('ward-7', 3000, 0);
    expect(node).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(presenceNodeId('ward-7', 3000, 0)).toBe(node);
    expect(
      new Set([
        presenceNodeId('ward-8', 3000, 0),
        presenceNodeId('ward-7', 3001, 0),
        presenceNodeId('ward-7', 3000, 1),
      ]),
    ).not.toContain(node);
  });

  it('keeps the screens that come back without a presence change, and lets go of the others a lease later', async () => {
    const rows = await db
      .insertInto('devices')
      .values(['Hall', 'Desk', 'Ward'].map((name) => ({ customer_id: C, name })))
      .returning('id')
      .execute();
    const [hall = 0, desk = 0, ward = 0] = rows.map((row) => row.id);
    const node = randomUUID();
    // The first process holds three screens; then it dies, letting none of them go.
    const first = await startProcess(node, { heartbeatMs: 600_000, ttlMs: 60_000 });
    for (const id of [hall, desk, ward]) await first.presence.open(screen(id), () => undefined);
    expect(await eventually(async () => (await online(ward)) === true, 5_000)).toBe(true);
    await first.die();
    const since = (await listChangesSince(db, C, '0')).at(-1)?.version ?? '0';

    // Its successor in the same place: two of the screens come back to it, the third does not.
    const second = await startProcess(node, { heartbeatMs: 200, ttlMs: 1_500 });
    for (const id of [hall, desk]) await second.presence.open(screen(id), () => undefined);
    const presence = async () =>
      (await listChangesSince(db, C, since))
        .filter((row) => row.entity === 'device_presence')
        .map((row) => row.entity_id);
    expect(await eventually(async () => (await online(ward)) === false, 10_000)).toBe(true);
    expect(await presence()).toEqual([ward]);
    expect(await online(hall)).toBe(true);
    expect(await online(desk)).toBe(true);
  });
});
