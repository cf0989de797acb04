import {
  deviceFlowScopes,
  reportSpeechMutation,
  type ThisDevice,
  thisDeviceSubscription,
} from '@careboard/contracts';
import { type Client, createClient } from 'graphql-ws';
import { Migrator, sql as raw } from 'kysely';
import * as oidc from 'openid-client';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CHANGES_CHANNEL } from '../src/store/change-log.ts';
import { openDatabase } from '../src/store/database.ts';
import { migrations } from '../src/store/migrations/index.ts';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { confirmOnPhone, decodePayload, deviceAuthorization, discover } from './identity-helpers.ts';
import { graphqlClient, graphqlUrl, waitUntil } from './live-clients.ts';
import { startWithSecondCustomer } from './second-customer.ts';
import { createTestDatabase } from './test-database.ts';
import type { TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

// Screens (devices) are first-class (decisions BOF-42 to BOF-46).
const ADMIN_SCOPE = 'access:display-board read:kiosks write:*';
let server: TestServer;
let sql: pg.Client;
let admin: Awaited<ReturnType<typeof apiClient>>;
let bravo: Awaited<ReturnType<typeof apiClient>>;
let config: oidc.Configuration;
let screen: { access: string; refresh: string; deviceId: number };
let bravoBoardId: number;
let bravoLocationId: number;
let demoLocationId: number;

interface DeviceBody {
  readonly id: number;
  readonly name: string;
  readonly display_board_id: number | null;
  readonly location_id: number | null;
  readonly activated_by: string | null;
  readonly activated_at: string | null;
  readonly ip: string | null;
  readonly user_agent: string | null;
  readonly online: boolean;
  readonly last_seen_at: string | null;
  readonly revoked_at: string | null;
  readonly app_version: string | null;
  readonly speech: string | null;
}

/** A screen opened at /?id=<board> and activated by the demo admin on a phone. */
async function activateScreen(board: number): Promise<typeof screen> {
  const device = await deviceAuthorization(config, server, board);
  await confirmOnPhone(device.verification_uri_complete ?? '');
  const tokens = await oidc.pollDeviceAuthorizationGrant(config, { ...device, interval: 1 });
  return {
    access: tokens.access_token,
    refresh: tokens.refresh_token ?? '',
    deviceId: Number(decodePayload(tokens.access_token).device_id),
  };
}

beforeAll(async () => {
  ({ server, sql } = await startWithSecondCustomer());
  const site = await sql.query(
    "INSERT INTO sites (customer_id, name, default_timezone) VALUES ('bravo', 'Bravo', 'UTC') RETURNING id",
  );
  const department = await sql.query(
    "INSERT INTO departments (customer_id, site_id, name) VALUES ('bravo', $1, 'Bravo ED') RETURNING id",
    [site.rows[0].id],
  );
  bravoBoardId = (
    await sql.query(
      `INSERT INTO display_boards (id, customer_id, name, display_board_type_id, department_id, page_rotation_sec)
       VALUES (9001, 'bravo', 'Bravo board', 1, $1, 10) RETURNING id`,
      [department.rows[0].id],
    )
  ).rows[0].id;
  bravoLocationId = (
    await sql.query(
      "INSERT INTO locations (customer_id, name, kind) VALUES ('bravo', 'Bravo room', 'room') RETURNING id",
    )
  ).rows[0].id;
  demoLocationId = (
    await sql.query("SELECT id FROM locations WHERE customer_id = 'demo' ORDER BY id LIMIT 1")
  ).rows[0].id;
  admin = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE }));
  bravo = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE, org_id: 'org_bravo' }));
  config = await discover(server, 'demo-device');
  screen = await activateScreen(2);
}, 90_000);
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

const bodyOf = (answer: ApiAnswer) => answer.body as DeviceBody;
const deviceOf = async (id = screen.deviceId) => bodyOf(await admin('GET', `/devices/${id}`));

/** The screen's live connection, as the board app opens it, with its own device subscription. */
function connectScreen(token: string) {
  const closed: number[] = [];
  const values: ThisDevice[] = [];
  const errors: unknown[] = [];
  const client: Client = graphqlClient(
    server,
    () => token,
    (code) => closed.push(code),
  );
  client.subscribe<{ thisDevice: ThisDevice }>(
    { query: thisDeviceSubscription },
    {
      next: (value) => {
        if (value.data) values.push(value.data.thisDevice);
        else errors.push(value.errors);
      },
      error: (error) => errors.push(error),
      complete: () => undefined,
    },
  );
  return { client, closed, values, errors };
}

/** A device's change rows of one kind: 'device' (its record) or 'device_presence' (online, offline; LIVE-48). */
async function deviceChangeRows(
  id: number,
  entity: 'device' | 'device_presence' = 'device',
): Promise<number> {
  const { rows } = await sql.query(
    'SELECT count(*)::int AS n FROM change_log WHERE entity = $2 AND entity_id = $1',
    [id, entity],
  );
  return rows[0].n;
}

describe('the device record', () => {
  it('lists an activated screen with its board, who activated it and from where (one record)', async () => {
    const list = await admin('GET', '/devices');
    expect(list.status).toBe(200);
    const page = list.body as { items: DeviceBody[]; total: number; limit: number; offset: number };
    expect(page).toMatchObject({ limit: 50, offset: 0 });
    const mine = page.items.find((item) => item.id === screen.deviceId);
    expect(mine).toMatchObject({
      display_board_id: 2,
      location_id: null,
      activated_by: 'admin@demo.test',
      online: false,
      revoked_at: null,
    });
    expect(mine?.name).toMatch(/^Display \d{4}-\d{2}-\d{2} /);
    expect(mine?.ip).toBeTruthy();
    expect(mine?.user_agent).toBeTruthy();
    expect(Date.parse(mine?.activated_at ?? '')).toBeGreaterThan(Date.now() - 120_000);
    expect(Date.parse(mine?.last_seen_at ?? '')).toBeGreaterThan(Date.now() - 120_000);
    // The identity provider's table is gone: the activation lives on the device.
    const tables = await sql.query("SELECT to_regclass('device_activations') AS t");
    expect(tables.rows[0].t).toBeNull();
  });

  it('filters by board and pages', async () => {
    const onTwo = (await admin('GET', '/devices?display_board_id=2')).body as { items: DeviceBody[] };
    expect(onTwo.items.map((item) => item.id)).toContain(screen.deviceId);
    const onOne = (await admin('GET', '/devices?display_board_id=1')).body as { items: DeviceBody[] };
    expect(onOne.items.map((item) => item.id)).not.toContain(screen.deviceId);
    const first = await admin('GET', '/devices?limit=1');
    expect(first.body).toMatchObject({ limit: 1, offset: 0, items: [expect.any(Object)] });
    expect(await admin('GET', '/devices?limit=201')).toMatchObject({ status: 400 });
    expect(await admin('GET', '/devices?online=maybe')).toMatchObject({ status: 400 });
  });

  it('needs read:kiosks to read and write:* to change', async () => {
    const reader = await apiClient(server, await accessToken(server, { scope: 'read:sites' }));
    expect(await reader('GET', '/devices')).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const kiosks = await apiClient(server, await accessToken(server, { scope: 'read:kiosks' }));
    expect((await kiosks('GET', `/devices/${screen.deviceId}`)).status).toBe(200);
    expect(await kiosks('PATCH', `/devices/${screen.deviceId}`, { name: 'x' })).toMatchObject({
      status: 403,
    });
    expect(await kiosks('POST', `/devices/${screen.deviceId}/reload`)).toMatchObject({ status: 403 });
    // A screen's own token reads no device list and changes nothing.
    const own = await apiClient(server, screen.access);
    expect((await own('GET', '/devices')).status).toBe(403);
  });

  it("answers another customer's device as not found, and refuses another customer's board", async () => {
    const notFound = { status: 404, body: { code: 'ENTITY_NOT_FOUND' } };
    const id = screen.deviceId;
    expect(await bravo('GET', `/devices/${id}`)).toMatchObject({
      ...notFound,
      body: { code: 'ENTITY_NOT_FOUND', message: `Device with id ${id} was not found.` },
    });
    expect(await bravo('PATCH', `/devices/${id}`, { name: 'Mine' })).toMatchObject(notFound);
    expect(await bravo('POST', `/devices/${id}/reload`)).toMatchObject(notFound);
    expect(await bravo('POST', `/devices/${id}/revoke`)).toMatchObject(notFound);
    expect(((await bravo('GET', '/devices')).body as { total: number }).total).toBe(0);
    expect(await admin('GET', '/devices/2147483647')).toMatchObject(notFound);

    expect(await admin('PATCH', `/devices/${id}`, { display_board_id: bravoBoardId })).toMatchObject({
      status: 422,
      body: { code: 'NO_MASTER_ENTITY_FOUND' },
    });
    expect(await admin('PATCH', `/devices/${id}`, { location_id: bravoLocationId })).toMatchObject({
      status: 422,
      body: { code: 'NO_MASTER_ENTITY_FOUND' },
    });
    expect(await admin('PATCH', `/devices/${id}`, { name: '  ' })).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID' },
    });
    expect(await admin('PATCH', `/devices/${id}`, { name: 'x'.repeat(121) })).toMatchObject({
      status: 400,
      body: { code: 'MAX_LENGTH' },
    });
    expect((await deviceOf()).display_board_id).toBe(2);
  });
});

describe("a screen's live connection", () => {
  let live: ReturnType<typeof connectScreen>;

  it('makes it online within 5 s, with one presence change row, not one per heartbeat', async () => {
    const before = await deviceChangeRows(screen.deviceId, 'device_presence');
    const recordBefore = await deviceChangeRows(screen.deviceId);
    const connectedAt = Date.now();
    live = connectScreen(screen.access);
    await waitUntil(() => live.values.length > 0, 5_000);
    expect(live.values[0]).toMatchObject({ id: screen.deviceId, display_board_id: 2 });
    const firstValue = live.values[0] as ThisDevice;
    while (!(await deviceOf()).online && Date.now() - connectedAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await deviceOf()).online).toBe(true);
    const online = (await admin('GET', '/devices?online=true')).body as { items: DeviceBody[] };
    expect(online.items.map((item) => item.id)).toEqual([screen.deviceId]);
    const offline = (await admin('GET', '/devices?online=false')).body as { items: DeviceBody[] };
    expect(offline.items.map((item) => item.id)).not.toContain(screen.deviceId);
    // Two heartbeats later it is still online, and only coming online was recorded.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect((await deviceOf()).online).toBe(true);
    expect(await deviceChangeRows(screen.deviceId, 'device_presence')).toBe(before + 1);
    // Its record did not change: nothing that reads it (its own subscription, the node's
    // revocation watch) had a change to wake for, and the subscription said nothing more.
    expect(await deviceChangeRows(screen.deviceId)).toBe(recordBefore);
    expect(live.values).toEqual([firstValue]);
  }, 30_000);

  it('keeps the board release the screen reports when it connects', async () => {
    const reporting = createClient({
      url: graphqlUrl(server),
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${screen.access}`, app_version: '1.4.2' },
      retryAttempts: 0,
      lazy: false,
    });
    try {
      const started = Date.now();
      while ((await deviceOf()).app_version !== '1.4.2' && Date.now() - started < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await deviceOf()).app_version).toBe('1.4.2');
    } finally {
      await reporting.dispose();
    }
  });

  it('keeps how the screen says it can speak (SCR-14): a change recorded once, a person or a bad value stores nothing', async () => {
    const report = (token: string, speech: string) =>
      new Promise<{ data?: unknown; errors?: unknown }>((resolve, reject) => {
        const client = createClient({
          url: graphqlUrl(server),
          webSocketImpl: WebSocket,
          connectionParams: { authorization: `Bearer ${token}` },
          retryAttempts: 0,
        });
        let answer: { data?: unknown; errors?: unknown } = {};
        client.subscribe(
          { query: reportSpeechMutation, variables: { speech } },
          {
            next: (result) => {
              answer = result as typeof answer;
            },
            error: (error) => {
              void client.dispose();
              reject(error);
            },
            complete: () => {
              void client.dispose();
              resolve(answer);
            },
          },
        );
      });
    expect((await deviceOf()).speech).toBeNull();
    const before = await deviceChangeRows(screen.deviceId);
    expect(await report(screen.access, 'fallback')).toEqual({ data: { reportSpeech: true } });
    expect((await deviceOf()).speech).toBe('fallback');
    expect(await deviceChangeRows(screen.deviceId)).toBe(before + 1);
    // The same again writes nothing: a screen reports at every reconnection.
    expect(await report(screen.access, 'fallback')).toEqual({ data: { reportSpeech: true } });
    expect(await deviceChangeRows(screen.deviceId)).toBe(before + 1);
    const refused = await report(screen.access, 'loud');
    expect(refused.errors).toBeDefined();
    // A person's connection has no device to store it on.
    const person = await accessToken(server, { scope: 'access:display-board' });
    expect(await report(person, 'voice')).toEqual({ data: { reportSpeech: false } });
    expect((await deviceOf()).speech).toBe('fallback');
    const listed = (await admin('GET', '/devices')).body as { items: DeviceBody[] };
    expect(listed.items.find((item) => item.id === screen.deviceId)?.speech).toBe('fallback');
  });

  it('moves it to another board and a location: the screen hears of it at once', async () => {
    const patched = await admin('PATCH', `/devices/${screen.deviceId}`, {
      name: 'Lobby screen',
      display_board_id: 1,
      location_id: demoLocationId,
    });
    expect(patched).toMatchObject({
      status: 200,
      body: { id: screen.deviceId, name: 'Lobby screen', display_board_id: 1, location_id: demoLocationId },
    });
    await waitUntil(() => live.values.some((value) => value.display_board_id === 1), 5_000);
    expect(live.values.at(-1)).toMatchObject({ name: 'Lobby screen', display_board_id: 1 });
    // Its token reads the new board at once (no cached refusal), and no longer the old one.
    const own = await apiClient(server, screen.access);
    expect((await own('GET', '/display-boards/1')).status).toBe(200);
    expect((await admin('PATCH', `/devices/${screen.deviceId}`, { display_board_id: null })).status).toBe(
      200,
    );
    await waitUntil(() => live.values.at(-1)?.display_board_id === null, 5_000);
    expect((await admin('PATCH', `/devices/${screen.deviceId}`, { display_board_id: 1 })).status).toBe(200);
    const filtered = (await admin('GET', `/devices?display_board_id=1`)).body as { items: DeviceBody[] };
    expect(filtered.items.map((item) => item.id)).toEqual([screen.deviceId]);
  });

  it('asks it to reload: a newer reload_requested_at reaches the screen', async () => {
    const before = live.values.at(-1)?.reload_requested_at ?? null;
    expect(await admin('POST', `/devices/${screen.deviceId}/reload`)).toMatchObject({ status: 204 });
    await waitUntil(() => (live.values.at(-1)?.reload_requested_at ?? null) !== before, 5_000);
    const asked = Date.parse(live.values.at(-1)?.reload_requested_at ?? '');
    expect(asked).toBeGreaterThan(Date.now() - 10_000);
    expect(before === null || asked > Date.parse(before)).toBe(true);
  });

  it('is offline as soon as the connection closes, with a presence change row', async () => {
    const before = await deviceChangeRows(screen.deviceId, 'device_presence');
    await live.client.dispose();
    const until = Date.now() + 15_000;
    while ((await deviceOf()).online && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const device = await deviceOf();
    expect(device.online).toBe(false);
    expect(Date.parse(device.last_seen_at ?? '')).toBeGreaterThan(Date.now() - 15_000);
    // Marked offline and recorded in one transaction.
    expect(await deviceChangeRows(screen.deviceId, 'device_presence')).toBe(before + 1);
  }, 20_000);

  it('offers the subscription to screens only', async () => {
    const person = connectScreen(await accessToken(server, { scope: 'access:display-board' }));
    await waitUntil(() => person.errors.length > 0, 5_000);
    expect(person.errors[0]).toEqual([expect.objectContaining({ extensions: { code: 'ENTITY_NOT_FOUND' } })]);
    await person.client.dispose();
  });

  it('is answered while its coming online waits for the change log, and a screen that left at once ends offline', async () => {
    const before = await deviceChangeRows(screen.deviceId, 'device_presence');
    // A long write of the customer holds the change log's lock, which coming online waits for.
    await sql.query('BEGIN');
    try {
      await sql.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [CHANGES_CHANNEL, 'demo']);
      const waiting = connectScreen(screen.access);
      // Its connection and its subscription do not wait for that transaction (LIVE-49).
      await waitUntil(() => waiting.values.length > 0, 5_000);
      expect(waiting.values[0]).toMatchObject({ id: screen.deviceId });
      expect((await deviceOf()).online).toBe(false);
      // Gone before it was recorded online: its going offline waits for its coming online.
      await waiting.client.dispose();
    } finally {
      await sql.query('ROLLBACK');
    }
    // Online, then offline, in that order.
    await expect
      .poll(() => deviceChangeRows(screen.deviceId, 'device_presence'), { timeout: 5_000 })
      .toBe(before + 2);
    expect((await deviceOf()).online).toBe(false);
  }, 20_000);
});

describe('revoking a screen', () => {
  it('closes its live connections with 4401 within seconds, ends its refresh token, and refuses it after', async () => {
    const live = connectScreen(screen.access);
    await waitUntil(() => live.values.length > 0, 5_000);
    const started = Date.now();
    expect(await admin('POST', `/devices/${screen.deviceId}/revoke`)).toMatchObject({ status: 204 });
    await waitUntil(() => live.closed.length > 0, 10_000);
    expect(live.closed).toEqual([4401]);
    expect(Date.now() - started).toBeLessThan(10_000);
    const device = await deviceOf();
    expect(device).toMatchObject({ online: false });
    expect(device.revoked_at).not.toBeNull();
    await expect(
      oidc.refreshTokenGrant(config, screen.refresh, { scope: deviceFlowScopes.join(' ') }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    // Its (still unexpired) access token may not connect again.
    const again = connectScreen(screen.access);
    await waitUntil(() => again.closed.length > 0, 5_000);
    expect(again.closed).toEqual([4401]);
    // Revoking again is no error; the first time stays.
    expect(await admin('POST', `/devices/${screen.deviceId}/revoke`)).toMatchObject({ status: 204 });
    expect((await deviceOf()).revoked_at).toBe(device.revoked_at);
    const revoked = (await admin('GET', '/devices?revoked=true')).body as { items: DeviceBody[] };
    expect(revoked.items.map((item) => item.id)).toContain(screen.deviceId);
  }, 30_000);
});

describe('migration 0203', () => {
  it('moves each activation into its device record, making one where the screen had none', async () => {
    const db = openDatabase(await createTestDatabase());
    const run = (text: string) => raw.raw(text).execute(db);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } });
    try {
      expect((await migrator.migrateTo('0202-back-office')).error).toBeUndefined();
      await run(
        `INSERT INTO customers (id, auth_org_id, auth_device_client_id) VALUES ('c', 'org_c', 'c-device')`,
      );
      await run(`INSERT INTO accounts (id, customer_id, email, name, role, password_hash)
        VALUES ('00000000-0000-4000-8000-000000000001', 'c', 'it@c.test', 'IT', 'admin', 'x')`);
      await run(
        `INSERT INTO devices (customer_id, name, grant_id) VALUES ('c', 'Lobby', 'grant-with-device')`,
      );
      await run(`INSERT INTO device_activations (grant_id, customer_id, account_id, ip, user_agent, activated_at, last_seen_at)
        VALUES ('grant-with-device', 'c', '00000000-0000-4000-8000-000000000001', '10.0.0.7', 'Chromium', '2026-01-02T03:04:05Z', '2026-01-03T00:00:00Z'),
               ('grant-without-device', 'c', NULL, '10.0.0.8', 'Firefox', '2026-02-03T04:05:06Z', NULL)`);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const { rows } =
        await run(`SELECT name, grant_id, activated_by_id, ip, user_agent, activated_at, last_seen_at,
          revoked_at, online_until FROM devices ORDER BY grant_id`);
      expect(rows).toEqual([
        {
          name: 'Lobby',
          grant_id: 'grant-with-device',
          activated_by_id: '00000000-0000-4000-8000-000000000001',
          ip: '10.0.0.7',
          user_agent: 'Chromium',
          activated_at: new Date('2026-01-02T03:04:05Z'),
          last_seen_at: new Date('2026-01-03T00:00:00Z'),
          revoked_at: null,
          online_until: null,
        },
        {
          name: 'Display 2026-02-03 grant-',
          grant_id: 'grant-without-device',
          activated_by_id: null,
          ip: '10.0.0.8',
          user_agent: 'Firefox',
          activated_at: new Date('2026-02-03T04:05:06Z'),
          last_seen_at: null,
          revoked_at: null,
          online_until: null,
        },
      ]);
      expect((await run("SELECT to_regclass('device_activations') AS t")).rows).toEqual([{ t: null }]);
      // And back: the activations come out of the device records again.
      expect((await migrator.migrateTo('0202-back-office')).error).toBeUndefined();
      expect((await run('SELECT grant_id, ip FROM device_activations ORDER BY grant_id')).rows).toEqual([
        { grant_id: 'grant-with-device', ip: '10.0.0.7' },
        { grant_id: 'grant-without-device', ip: '10.0.0.8' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
