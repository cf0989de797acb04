import * as oidc from 'openid-client';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { decodePayload, deviceAuthorization, discover, pollOnce } from './identity-helpers.ts';
import { fromAddress } from './loopback-http.ts';
import { startWithSecondCustomer } from './second-customer.ts';
import type { TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

// The console pairs a screen by the code it shows (decisions BOF-49 to BOF-52); an admin's act (IDN-20).
const ADMIN_SCOPE = 'access:display-board read:kiosks write:* update:customer*';
let server: TestServer;
let sql: pg.Client;
let admin: Awaited<ReturnType<typeof apiClient>>;
let demoConfig: oidc.Configuration;
let bravoConfig: oidc.Configuration;
let demoLocationId: number;
let bravoLocationId: number;
let adminId: string;

beforeAll(async () => {
  ({ server, sql } = await startWithSecondCustomer());
  adminId = (await sql.query("SELECT id FROM accounts WHERE email = 'admin@demo.test'")).rows[0].id;
  admin = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE, sub: adminId }));
  demoConfig = await discover(server, 'demo-device');
  bravoConfig = await discover(server, 'bravo-device');
  demoLocationId = (
    await sql.query("SELECT id FROM locations WHERE customer_id = 'demo' ORDER BY id LIMIT 1")
  ).rows[0].id;
  bravoLocationId = (
    await sql.query(
      "INSERT INTO locations (customer_id, name, kind) VALUES ('bravo', 'Bravo room', 'room') RETURNING id",
    )
  ).rows[0].id;
}, 90_000);
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

/** What people type from a screen's `BCDF-GHJK`: lower case, a space instead of the dash. */
const typed = (userCode: string) => userCode.toLowerCase().replace('-', ' ');

const notFoundAnswer = (userCode: string) => ({
  code: 'NO_MASTER_ENTITY_FOUND',
  params: { entity: 'Display', field: 'code', value: userCode },
  message: `Display with code "${userCode}" not found.`,
});

async function expectStillPending(clientId: string, deviceCode: string) {
  const poll = await pollOnce(server, clientId, deviceCode);
  expect(poll.body.error).toBe('authorization_pending');
}

describe('POST /api/devices/pair', () => {
  it('approves the code as the phone would: the answer names the screen, its poll gets tokens for that record', async () => {
    const before = await demoDeviceCount();
    const device = await deviceAuthorization(demoConfig, server, 1);
    const paired = await admin('POST', '/devices/pair', {
      user_code: ` ${typed(device.user_code)} `,
      name: 'Recovery hall screen',
      location_id: demoLocationId,
    });
    expect(paired.status).toBe(201);
    const body = paired.body as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 'approved',
      name: 'Recovery hall screen',
      display_board_id: 1,
      location_id: demoLocationId,
      activated_by: 'admin@demo.test',
      online: false,
      revoked_at: null,
    });
    expect(body.activated_at).toBeTruthy();

    const tokens = await oidc.pollDeviceAuthorizationGrant(demoConfig, { ...device, interval: 1 });
    const claims = decodePayload(tokens.access_token);
    expect(claims.device_id).toBe(body.id);
    expect(claims.sub).toBe(
      (await sql.query("SELECT id FROM accounts WHERE email = 'admin@demo.test'")).rows[0].id,
    );
    // What a phone's confirmation gives (identity-device-flow.test.ts): the board scope; offline_access is the refresh token.
    expect(claims.scope).toBe('access:display-board');
    expect(claims.org_id).toBe('org_demo');
    expect(tokens.refresh_token).toBeTruthy();
    // The screen reads its board with the token; the record keeps the name and place given at pairing.
    const screen = await apiClient(server, tokens.access_token);
    expect((await screen('GET', '/display-boards/1')).status).toBe(200);
    const record = await admin('GET', `/devices/${String(body.id)}`);
    expect(record.body).toMatchObject({
      id: body.id,
      name: 'Recovery hall screen',
      location_id: demoLocationId,
      display_board_id: 1,
    });
    // One device for the one screen: its first token found the record the pairing made.
    expect(await demoDeviceCount()).toBe(before + 1);
    // Audited like every REST write.
    const audit = await sql.query(
      "SELECT actor, action, entity, entity_id, status FROM audit_events WHERE route = 'POST /api/devices/pair'",
    );
    expect(audit.rows).toContainEqual({
      actor: claims.sub,
      action: 'create',
      entity: 'devices',
      entity_id: String(body.id),
      status: 201,
    });
    // A used code is refused like an unknown one.
    const again = await admin('POST', '/devices/pair', { user_code: device.user_code });
    expect(again).toEqual({ status: 422, body: notFoundAnswer(device.user_code) });
  });

  it('without a name, the screen gets the default name and stays where nothing says it hangs', async () => {
    const device = await deviceAuthorization(demoConfig, server, 2);
    const paired = await admin('POST', '/devices/pair', { user_code: device.user_code.replace('-', '') });
    expect(paired.status).toBe(201);
    expect(paired.body).toMatchObject({ display_board_id: 2, location_id: null, status: 'approved' });
    expect((paired.body as { name: string }).name).toMatch(/^Display \d{4}-\d{2}-\d{2} /);
  });

  it("answers another customer's code as an unknown one, and leaves that screen waiting", async () => {
    const device = await deviceAuthorization(bravoConfig, server);
    const answer = await admin('POST', '/devices/pair', { user_code: device.user_code });
    expect(answer).toEqual({ status: 422, body: notFoundAnswer(device.user_code) });
    await expectStillPending('bravo-device', device.device_code);
    const devices = await sql.query("SELECT count(*)::int AS n FROM devices WHERE customer_id = 'bravo'");
    expect(devices.rows[0].n).toBe(0);
  });

  it('refuses an unknown, a malformed and an expired code with the same catalogue answer', async () => {
    const unknown = await admin('POST', '/devices/pair', { user_code: 'bcdf-ghjk' });
    expect(unknown).toEqual({ status: 422, body: notFoundAnswer('BCDF-GHJK') });
    const malformed = await admin('POST', '/devices/pair', { user_code: 'hello' });
    expect(malformed).toEqual({ status: 422, body: notFoundAnswer('HELLO') });

    const device = await deviceAuthorization(demoConfig, server, 1);
    await sql.query(
      `UPDATE oidc_payloads SET payload = jsonb_set(payload, '{exp}', to_jsonb(extract(epoch FROM now())::int - 5))
       WHERE type = 'DeviceCode' AND user_code = $1`,
      [device.user_code.replace('-', '')],
    );
    const expired = await admin('POST', '/devices/pair', { user_code: device.user_code });
    expect(expired).toEqual({ status: 422, body: notFoundAnswer(device.user_code) });
  });

  it("refuses another customer's location before using the code up", async () => {
    const device = await deviceAuthorization(demoConfig, server, 1);
    const answer = await admin('POST', '/devices/pair', {
      user_code: device.user_code,
      location_id: bravoLocationId,
    });
    expect(answer).toEqual({
      status: 422,
      body: {
        code: 'NO_MASTER_ENTITY_FOUND',
        params: { entity: 'Location', field: 'location_id', value: String(bravoLocationId) },
        message: `Location with location_id "${bravoLocationId}" not found.`,
      },
    });
    await expectStillPending('demo-device', device.device_code);
  });

  it('checks its input and its caller', async () => {
    const blank: ApiAnswer = await admin('POST', '/devices/pair', { name: 'No code' });
    expect(blank).toMatchObject({
      status: 400,
      body: { code: 'IS_REQUIRED', params: { field: 'user_code' } },
    });
    const extra = await admin('POST', '/devices/pair', { user_code: 'BCDF-GHJK', board: 1 });
    expect(extra).toMatchObject({ status: 400, body: { code: 'IS_NOT_VALID', params: { field: 'board' } } });

    const device = await deviceAuthorization(demoConfig, server, 1);
    const reader = await apiClient(server, await accessToken(server, { scope: 'read:kiosks' }));
    expect((await reader('POST', '/devices/pair', { user_code: device.user_code })).status).toBe(403);
    // A token of no account of this customer (a write scope alone does not make a person who may activate).
    const stranger = await apiClient(
      server,
      await accessToken(server, { scope: ADMIN_SCOPE, sub: 'nobody' }),
    );
    expect(await stranger('POST', '/devices/pair', { user_code: device.user_code })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    await expectStillPending('demo-device', device.device_code);
  });
});

describe('POST /api/devices/pair, guessed (hardening, finding 7; IDN-21)', () => {
  /** Codes of the provider's alphabet, each different: none is a screen's. */
  const unknownCode = (index: number) =>
    `BCDF${'BCDFGHJKLMNPQRSTVWXZ'[Math.floor(index / 20) % 20]}${'BCDFGHJKLMNPQRSTVWXZ'[index % 20]}GH`;

  /** The admin's pairing sent from one loopback address (the server sees it as the caller's). */
  async function pairingFrom(address: string) {
    const client = fromAddress(address, 1);
    const token = await accessToken(server, { scope: ADMIN_SCOPE, sub: adminId });
    const health = await client.request(`${server.baseUrl}/health`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(health.headers['set-cookie'] ?? ''))?.[1] ?? '';
    return {
      async pair(userCode: string) {
        const answer = await client.request(`${server.baseUrl}/api/devices/pair`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            cookie: `XSRF-TOKEN=${xsrf}`,
            'x-xsrf-token': xsrf,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ user_code: userCode }),
        });
        return {
          status: answer.status,
          retryAfter: answer.headers['retry-after'],
          body: JSON.parse(answer.text),
        };
      },
      close: () => client.close(),
    };
  }

  it('refuses an address with 429 once it has typed 30 codes in 10 minutes, as /activate does', async () => {
    const guesser = await pairingFrom('127.0.0.2');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await guesser.pair(unknownCode(i))).status);
      expect(statuses).toEqual(Array(30).fill(422));
      const refused = await guesser.pair(unknownCode(30));
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.body).toEqual({
        code: 'TOO_MANY_REQUESTS',
        params: { seconds: Number(refused.retryAfter) },
        message: `Too many requests. Try again in ${refused.retryAfter} seconds.`,
      });
    } finally {
      guesser.close();
    }
    // Another address's admin still pairs a screen.
    const device = await deviceAuthorization(demoConfig, server, 1);
    const colleague = await pairingFrom('127.0.0.3');
    try {
      expect((await colleague.pair(device.user_code)).status).toBe(201);
    } finally {
      colleague.close();
    }
  });

  it('refuses a code tried 10 times, from any address', async () => {
    const code = unknownCode(399);
    const first = await pairingFrom('127.0.0.4');
    const second = await pairingFrom('127.0.0.5');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await first.pair(code)).status);
      expect(statuses).toEqual(Array(10).fill(422));
      expect((await second.pair(code.toLowerCase())).status).toBe(429);
    } finally {
      first.close();
      second.close();
    }
  });
});

async function demoDeviceCount(): Promise<number> {
  return (await sql.query("SELECT count(*)::int AS n FROM devices WHERE customer_id = 'demo'")).rows[0].n;
}
