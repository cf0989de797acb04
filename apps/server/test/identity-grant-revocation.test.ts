import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { deviceFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDisable, userSetRole } from '../src/cli/commands.ts';
import { type Db, openDatabase } from '../src/store/database.ts';
import { findOidcPayload } from '../src/store/oidc-payloads.ts';
import { childProcessEnv } from './child-env.ts';
import {
  confirmOnPhone,
  decodePayload,
  deviceAuthorization,
  discover,
  signInWithRedirect,
} from './identity-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let config: oidc.Configuration;
let db: Db;
const WEB_CLIENT = 'careboard-board';
const DEVICE_CLIENT = 'demo-device';

beforeAll(async () => {
  server = await startTestServer();
  config = await discover(server, WEB_CLIENT);
  db = openDatabase(server.databaseUrl, 2);
});
afterAll(async () => {
  await db?.destroy();
  await server?.close();
});

/** A real sign-in with redirect (code + PKCE), as the board does it; returns its tokens. */
async function signIn(email: string) {
  const { callback: back, verifier, state, nonce } = await signInWithRedirect(server, config, email);
  const tokens = await oidc.authorizationCodeGrant(config, back, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  expect(tokens.refresh_token).toBeTruthy();
  return tokens;
}

/** One raw refresh at the token endpoint: its status and OAuth body. */
async function refresh(refreshToken: string, clientId = WEB_CLIENT) {
  const response = await fetch(`${server.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: refreshToken,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A screen activated on a phone by the demo admin: its first tokens. */
async function activatedScreen() {
  const deviceConfig = await discover(server, DEVICE_CLIENT);
  const device = await deviceAuthorization(deviceConfig, server);
  await confirmOnPhone(device.verification_uri_complete ?? '');
  return oidc.pollDeviceAuthorizationGrant(deviceConfig, { ...device, interval: 1 });
}

/** The grant a refresh token belongs to, as stored. */
async function grantOf(refreshToken: string): Promise<string> {
  const row = await findOidcPayload(db, 'RefreshToken', 'id', refreshToken);
  return String(row?.payload.grantId);
}

async function grantExists(grantId: string): Promise<boolean> {
  return (await findOidcPayload(db, 'Grant', 'id', grantId)) !== undefined;
}

/** Fake time: the token's first use happened `seconds` ago. */
async function usedSecondsAgo(refreshToken: string, seconds: number): Promise<void> {
  await db
    .updateTable('oidc_payloads')
    .set({ consumed_at: new Date(Date.now() - seconds * 1000) })
    .where('type', '=', 'RefreshToken')
    .where('id', '=', refreshToken)
    .execute();
}

const scopesOf = (accessToken: unknown) => String(decodePayload(String(accessToken)).scope).split(' ');
const print = () => undefined;

const CLI = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
function careboard(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...childProcessEnv(), DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'silent' },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('a refresh token presented again: a retry, not theft (hardening, finding 5; IDN-19)', () => {
  it('keeps a screen whose refresh is sent twice at once signed in through 20 rounds', async () => {
    const first = await activatedScreen();
    const deviceId = decodePayload(first.access_token).device_id;
    const grantId = await grantOf(first.refresh_token ?? '');
    let current = first.refresh_token ?? '';
    for (let round = 0; round < 20; round++) {
      const answers = await Promise.all([refresh(current, DEVICE_CLIENT), refresh(current, DEVICE_CLIENT)]);
      expect(
        answers.map((answer) => [answer.status, answer.body.error]),
        `round ${round}`,
      ).toEqual([
        [200, undefined],
        [200, undefined],
      ]);
      // Both are the same screen's tokens, of the same grant.
      for (const answer of answers) {
        expect(decodePayload(String(answer.body.access_token)).device_id, `round ${round}`).toBe(deviceId);
        expect(await grantOf(String(answer.body.refresh_token)), `round ${round}`).toBe(grantId);
      }
      // The screen keeps whichever answer reached it: the first one, then the second, in turn.
      current = String(answers[round % 2]?.body.refresh_token);
    }
    expect(await grantExists(grantId)).toBe(true);
    const next = await refresh(current, DEVICE_CLIENT);
    expect(next.status).toBe(200);
    const me = await fetch(`${server.baseUrl}/api/me`, {
      headers: { authorization: `Bearer ${String(next.body.access_token)}` },
    });
    expect(me.status).toBe(200);
  }, 60_000);

  it('answers a retry after a lost answer with new tokens of the same grant; both answers work', async () => {
    const tokens = await signIn('admin@demo.test');
    const grantId = await grantOf(tokens.refresh_token ?? '');
    const lost = await refresh(tokens.refresh_token ?? '');
    const retried = await refresh(tokens.refresh_token ?? '');
    expect([lost.status, retried.status]).toEqual([200, 200]);
    expect(retried.body.refresh_token).not.toBe(lost.body.refresh_token);
    expect(await grantOf(String(retried.body.refresh_token))).toBe(grantId);
    expect((await refresh(String(retried.body.refresh_token))).status).toBe(200);
    expect((await refresh(String(lost.body.refresh_token))).status).toBe(200);
  });

  it('ends the grant when a used token comes back after its 30 s grace', async () => {
    const tokens = await activatedScreen();
    const grantId = await grantOf(tokens.refresh_token ?? '');
    const renewed = await refresh(tokens.refresh_token ?? '', DEVICE_CLIENT);
    expect(renewed.status).toBe(200);
    await usedSecondsAgo(tokens.refresh_token ?? '', 31);
    const late = await refresh(tokens.refresh_token ?? '', DEVICE_CLIENT);
    expect([late.status, late.body.error]).toEqual([400, 'invalid_grant']);
    // As for any theft: the screen's newest token dies with the grant.
    const after = await refresh(String(renewed.body.refresh_token), DEVICE_CLIENT);
    expect([after.status, after.body.error]).toEqual([400, 'invalid_grant']);
    expect(await grantExists(grantId)).toBe(false);
  }, 30_000);

  it('ends the grant at the sixth retry within the grace', async () => {
    const tokens = await signIn('admin@demo.test');
    const grantId = await grantOf(tokens.refresh_token ?? '');
    const statuses: number[] = [];
    for (let use = 0; use < 7; use++) statuses.push((await refresh(tokens.refresh_token ?? '')).status);
    // The first use and five retries; the sixth retry is no longer a retry.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 400]);
    expect(await grantExists(grantId)).toBe(false);
  });

  it('ends the grant when another client presents the token, even within the grace', async () => {
    const tokens = await activatedScreen();
    const grantId = await grantOf(tokens.refresh_token ?? '');
    const renewed = await refresh(tokens.refresh_token ?? '', DEVICE_CLIENT);
    expect(renewed.status).toBe(200);
    const elsewhere = await refresh(tokens.refresh_token ?? '', WEB_CLIENT);
    expect([elsewhere.status, elsewhere.body.error]).toEqual([400, 'invalid_grant']);
    expect(await grantExists(grantId)).toBe(false);
    const after = await refresh(String(renewed.body.refresh_token), DEVICE_CLIENT);
    expect([after.status, after.body.error]).toEqual([400, 'invalid_grant']);
  }, 30_000);

  it('still refreshes one at a time', async () => {
    const tokens = await signIn('admin@demo.test');
    const first = await refresh(tokens.refresh_token ?? '');
    expect(first.status).toBe(200);
    expect((await refresh(String(first.body.refresh_token))).status).toBe(200);
  });
});

describe('a lowered role or a disabled account (IDN-13, BOF-30)', () => {
  it('ends a staff sign-in whose account is made a visitor (invalid_grant, IDN-13)', async () => {
    await userSetRole(db, 'staff@demo.test', { customer: 'demo', role: 'staff' }, print);
    const tokens = await signIn('staff@demo.test');
    expect(scopesOf(tokens.access_token)).toContain('write:patients');
    const before = await refresh(tokens.refresh_token ?? '');
    expect(before.status).toBe(200);
    expect(scopesOf(before.body.access_token)).toContain('write:patients');

    await userSetRole(db, 'staff@demo.test', { customer: 'demo', role: 'visitor' }, print);
    const after = await refresh(String(before.body.refresh_token));
    expect([after.status, after.body.error]).toEqual([400, 'invalid_grant']);

    // Signing in again gives the visitor's scopes only.
    const again = await signIn('staff@demo.test');
    expect(scopesOf(again.access_token).some((scope) => scope.startsWith('write:'))).toBe(false);
    await userSetRole(db, 'staff@demo.test', { customer: 'demo', role: 'staff' }, print);
  });

  it('keeps a sign-in whose role is raised', async () => {
    const tokens = await signIn('visitor@demo.test');
    await userSetRole(db, 'visitor@demo.test', { customer: 'demo', role: 'staff' }, print);
    try {
      expect((await refresh(tokens.refresh_token ?? '')).status).toBe(200);
    } finally {
      await userSetRole(db, 'visitor@demo.test', { customer: 'demo', role: 'visitor' }, print);
    }
  });

  it('ends every sign-in of a disabled account, and refuses its password', async () => {
    const tokens = await signIn('staff@demo.test');
    await userDisable(db, 'staff@demo.test', true, print);
    try {
      const after = await refresh(tokens.refresh_token ?? '');
      expect([after.status, after.body.error]).toEqual([400, 'invalid_grant']);
      await expect(signIn('staff@demo.test')).rejects.toThrow();
    } finally {
      await userDisable(db, 'staff@demo.test', false, print);
    }
    expect((await signIn('staff@demo.test')).access_token).toBeTruthy();
  });

  it('is reachable from the admin command (user set-role, user disable)', async () => {
    const tokens = await signIn('staff@demo.test');
    const lowered = await careboard([
      'user',
      'set-role',
      'staff@demo.test',
      '--customer',
      'demo',
      '--role',
      'visitor',
    ]);
    expect(lowered).toMatchObject({ code: 0, out: expect.stringContaining('is now visitor') });
    expect((await refresh(tokens.refresh_token ?? '')).body.error).toBe('invalid_grant');
    await userSetRole(db, 'staff@demo.test', { customer: 'demo', role: 'staff' }, print);
    expect((await careboard(['user', 'disable', 'staff@demo.test'])).code).toBe(0);
    await expect(signIn('staff@demo.test')).rejects.toThrow();
    await userDisable(db, 'staff@demo.test', false, print);
    expect((await careboard(['user', 'disable', 'nobody@demo.test'])).code).not.toBe(0);
    expect((await signIn('staff@demo.test')).access_token).toBeTruthy();
  });

  it("ends a display's grant once the admin who activated it may no longer activate displays", async () => {
    const deviceConfig = await discover(server, 'demo-device');
    const device = await deviceAuthorization(deviceConfig, server);
    await confirmOnPhone(device.verification_uri_complete ?? '');
    const tokens = await oidc.pollDeviceAuthorizationGrant(deviceConfig, { ...device, interval: 1 });
    const renew = (token: string) =>
      oidc.refreshTokenGrant(deviceConfig, token, { scope: deviceFlowScopes.join(' ') });
    const renewed = await renew(tokens.refresh_token ?? '');
    await userSetRole(db, 'admin@demo.test', { customer: 'demo', role: 'visitor' }, print);
    try {
      await expect(renew(renewed.refresh_token ?? '')).rejects.toMatchObject({ error: 'invalid_grant' });
    } finally {
      await userSetRole(db, 'admin@demo.test', { customer: 'demo', role: 'admin' }, print);
    }
  }, 30_000);
});
