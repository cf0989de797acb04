import { deviceFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmOnPhone,
  decodePayload,
  deviceAuthorization,
  discover,
  pollOnce,
} from './identity-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const DEVICE_CLIENT = 'demo-device';
let server: TestServer;
let config: oidc.Configuration;

beforeAll(async () => {
  server = await startTestServer();
  config = await discover(server, DEVICE_CLIENT);
});
afterAll(() => server?.close());

/** Fake time: the refresh token's first use happened `seconds` ago. */
async function backdateUse(refreshToken: string, seconds: number): Promise<void> {
  const sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  try {
    await sql.query(
      "UPDATE oidc_payloads SET consumed_at = now() - make_interval(secs => $2) WHERE type = 'RefreshToken' AND id = $1",
      [refreshToken, seconds],
    );
  } finally {
    await sql.end();
  }
}

describe('device flow', () => {
  it('answers the device authorization with a code, the complete verification address and a 5 s interval', async () => {
    const device = await deviceAuthorization(config, server);
    expect(device.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(device.verification_uri).toBe(`${server.baseUrl}/activate`);
    expect(device.verification_uri_complete).toBe(`${server.baseUrl}/activate?user_code=${device.user_code}`);
    expect(device.interval).toBe(5);
    expect(device.expires_in).toBe(600);
  });

  it('is pending, slows a device that polls too fast, and issues tokens once an admin confirms', async () => {
    const device = await deviceAuthorization(config, server);
    const first = await pollOnce(server, DEVICE_CLIENT, device.device_code);
    expect(first).toEqual({ status: 400, body: expect.objectContaining({ error: 'authorization_pending' }) });
    const tooFast = await pollOnce(server, DEVICE_CLIENT, device.device_code);
    expect(tooFast).toEqual({ status: 400, body: expect.objectContaining({ error: 'slow_down' }) });

    const phone = await confirmOnPhone(device.verification_uri_complete ?? '');
    expect(phone.confirmPage).toContain(device.user_code);
    expect(phone.confirmPage).toContain('Riverside Medical Center');
    expect(phone.confirmPage).toContain('127.0.0.1');
    expect(phone.html).toContain('Display activated');

    // openid-client waits the (grown) interval itself.
    const tokens = await oidc.pollDeviceAuthorizationGrant(config, { ...device, interval: 1 });
    const access = decodePayload(tokens.access_token);
    expect(access.aud).toBe(server.config.identity.audience);
    expect(access.iss).toBe(server.baseUrl);
    expect(access.org_id).toBe('org_demo');
    expect(String(access.scope).split(' ').sort()).toEqual(
      deviceFlowScopes.filter((s) => s !== 'offline_access').sort(),
    );
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBe(600);

    const me = await fetch(`${server.baseUrl}/api/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ customer_id: 'demo', client_id: DEVICE_CLIENT });
  }, 30_000);

  it('answers access_denied when the person denies on the phone', async () => {
    const device = await deviceAuthorization(config, server);
    const phone = await confirmOnPhone(device.verification_uri_complete ?? '', { deny: true });
    expect(phone.html).toContain('Activation denied');
    expect(await pollOnce(server, DEVICE_CLIENT, device.device_code)).toMatchObject({
      body: { error: 'access_denied' },
    });
  });

  it('answers access_denied when an account that may not activate displays confirms', async () => {
    const device = await deviceAuthorization(config, server);
    await confirmOnPhone(device.verification_uri_complete ?? '', { email: 'visitor@demo.test' });
    expect(await pollOnce(server, DEVICE_CLIENT, device.device_code)).toMatchObject({
      body: { error: 'access_denied' },
    });
  });

  it('rotates the refresh token; reusing an old one past its grace fails and revokes the device', async () => {
    const device = await deviceAuthorization(config, server);
    await confirmOnPhone(device.verification_uri_complete ?? '');
    const tokens = await oidc.pollDeviceAuthorizationGrant(config, { ...device, interval: 1 });
    const first = tokens.refresh_token ?? '';
    const renewed = await oidc.refreshTokenGrant(config, first, { scope: deviceFlowScopes.join(' ') });
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(first);
    expect(decodePayload(renewed.access_token).org_id).toBe('org_demo');

    // Within 30 s it would be a retry (IDN-19); its first use is made older than that.
    await backdateUse(first, 31);
    await expect(oidc.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The reuse revoked the whole grant: the newest token is dead too.
    await expect(oidc.refreshTokenGrant(config, renewed.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  }, 30_000);

  it('keeps a device signed in across a server restart', async () => {
    const device = await deviceAuthorization(config, server);
    await confirmOnPhone(device.verification_uri_complete ?? '');
    const tokens = await oidc.pollDeviceAuthorizationGrant(config, { ...device, interval: 1 });
    const { databaseUrl } = server;
    const port = server.config.port;
    await server.close();
    server = await startTestServer({ databaseUrl, port });
    config = await discover(server, DEVICE_CLIENT);
    const renewed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '', {
      scope: deviceFlowScopes.join(' '),
    });
    const me = await fetch(`${server.baseUrl}/api/me`, {
      headers: { authorization: `Bearer ${renewed.access_token}` },
    });
    expect(me.status).toBe(200);
  }, 30_000);
});

describe('device flow expiry', () => {
  let shortLived: TestServer;
  beforeAll(async () => {
    shortLived = await startTestServer({ env: { CAREBOARD_DEVICE_CODE_TTL_SEC: '5' } });
  });
  afterAll(() => shortLived?.close());

  it('answers expired_token once the code has expired unconfirmed', async () => {
    const shortConfig = await discover(shortLived, DEVICE_CLIENT);
    const device = await deviceAuthorization(shortConfig, shortLived);
    expect(device.expires_in).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await pollOnce(shortLived, DEVICE_CLIENT, device.device_code)).toMatchObject({
      body: { error: 'expired_token' },
    });
  }, 20_000);
});
