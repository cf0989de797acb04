import { deviceFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSetRole } from '../src/cli/commands.ts';
import { type Db, openDatabase } from '../src/store/database.ts';
import { type ApiAnswer, apiClient } from './api-client.ts';
import {
  confirmOnPhone,
  deviceAuthorization,
  discover,
  pollOnce,
  signInWithRedirect,
} from './identity-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

// Hardening, finding 6: pairing a display and the feeds' secrets are admins' acts (IDN-02, IDN-20).
const DEVICE_CLIENT = 'demo-device';
const FORBIDDEN = {
  status: 403,
  body: { code: 'FORBIDDEN', params: {}, message: 'You do not have permissions to access this section.' },
};

let server: TestServer;
let db: Db;
let web: oidc.Configuration;
let screens: oidc.Configuration;
let staff: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
let admin: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;

/** A real sign-in (code + PKCE on the provider's page), as the console does it: the access token. */
async function signedIn(email: string): Promise<string> {
  const { callback, verifier, state, nonce } = await signInWithRedirect(server, web, email);
  const tokens = await oidc.authorizationCodeGrant(web, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  return tokens.access_token;
}

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase(server.databaseUrl, 1);
  web = await discover(server, server.config.identity.webClientId);
  screens = await discover(server, DEVICE_CLIENT);
  staff = await apiClient(server, await signedIn('staff@demo.test'));
  admin = await apiClient(server, await signedIn('admin@demo.test'));
});
afterAll(async () => {
  await db?.destroy();
  await server?.close();
});

describe('pairing a display', () => {
  it("refuses staff with the catalogue's 403 and leaves the screen waiting; an admin pairs it", async () => {
    const device = await deviceAuthorization(screens, server, 1);
    expect(await staff('POST', '/devices/pair', { user_code: device.user_code })).toEqual(FORBIDDEN);
    expect((await pollOnce(server, DEVICE_CLIENT, device.device_code)).body.error).toBe(
      'authorization_pending',
    );

    const paired = await admin('POST', '/devices/pair', { user_code: device.user_code });
    expect(paired.status).toBe(201);
    expect(paired.body).toMatchObject({ activated_by: 'admin@demo.test', status: 'approved' });
  });

  it("refuses a token naming a staff account even when it claims an admin's scopes", async () => {
    const staffId = (
      await db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', 'staff@demo.test')
        .executeTakeFirstOrThrow()
    ).id;
    const claiming = await apiClient(
      server,
      await accessToken(server, { sub: staffId, scope: 'read:kiosks write:* update:customer*' }),
    );
    const device = await deviceAuthorization(screens, server, 1);
    expect(await claiming('POST', '/devices/pair', { user_code: device.user_code })).toEqual(FORBIDDEN);
    expect((await pollOnce(server, DEVICE_CLIENT, device.device_code)).body.error).toBe(
      'authorization_pending',
    );
  });

  it('answers access_denied to the screen when staff confirm its code on a phone', async () => {
    const device = await deviceAuthorization(screens, server);
    const phone = await confirmOnPhone(device.verification_uri_complete ?? '', { email: 'staff@demo.test' });
    expect(phone.html).not.toContain('Display activated');
    expect((await pollOnce(server, DEVICE_CLIENT, device.device_code)).body.error).toBe('access_denied');
  });

  it('keeps a display running when the admin who activated it is made staff', async () => {
    const device = await deviceAuthorization(screens, server);
    await confirmOnPhone(device.verification_uri_complete ?? '');
    const tokens = await oidc.pollDeviceAuthorizationGrant(screens, { ...device, interval: 1 });
    await userSetRole(db, 'admin@demo.test', { customer: 'demo', role: 'staff' }, () => undefined);
    try {
      const renewed = await oidc.refreshTokenGrant(screens, tokens.refresh_token ?? '', {
        scope: deviceFlowScopes.join(' '),
      });
      expect(renewed.access_token).toBeTruthy();
    } finally {
      await userSetRole(db, 'admin@demo.test', { customer: 'demo', role: 'admin' }, () => undefined);
    }
  }, 30_000);
});

describe("the RTLS webhook's secret", () => {
  it("refuses staff with the catalogue's 403, to make a new one and to ask after it", async () => {
    expect(await staff('POST', '/feeds/rtls/secret', {})).toEqual(FORBIDDEN);
    expect(await staff('GET', '/feeds/rtls/secret')).toEqual(FORBIDDEN);
  });

  it('lets an admin make one and ask after it', async () => {
    const made = await admin('POST', '/feeds/rtls/secret', {});
    expect(made.status).toBe(201);
    expect((made.body as { secret: string }).secret).toMatch(/^[0-9a-f]{64}$/);
    expect(await admin('GET', '/feeds/rtls/secret')).toMatchObject({ status: 200, body: { exists: true } });
  });
});
