import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { deviceFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDisable, userSetRole } from '../src/cli/commands.ts';
import { type Db, openDatabase } from '../src/store/database.ts';
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
async function refresh(refreshToken: string) {
  const response = await fetch(`${server.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: WEB_CLIENT,
      refresh_token: refreshToken,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const scopesOf = (accessToken: unknown) => String(decodePayload(String(accessToken)).scope).split(' ');
const print = () => undefined;

const CLI = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
function careboard(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'silent' },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('two refreshes of one refresh token at the same time (issue 12, defect 6)', () => {
  it('let at most one succeed, answer the other invalid_grant and end the grant', async () => {
    const rounds = 10;
    for (let round = 0; round < rounds; round++) {
      const tokens = await signIn('admin@demo.test');
      const answers = await Promise.all([
        refresh(tokens.refresh_token ?? ''),
        refresh(tokens.refresh_token ?? ''),
      ]);
      const won = answers.filter((answer) => answer.status === 200);
      const lost = answers.filter((answer) => answer.status !== 200);
      expect(won, `round ${round}`).toHaveLength(1);
      expect(
        lost.map((answer) => [answer.status, answer.body.error]),
        `round ${round}`,
      ).toEqual([[400, 'invalid_grant']]);
      // As for a sequential reuse, the grant is revoked: the winner's new refresh token is dead too.
      const next = await refresh(String(won[0]?.body.refresh_token));
      expect([next.status, next.body.error], `round ${round}`).toEqual([400, 'invalid_grant']);
    }
  });

  it('still refreshes one at a time', async () => {
    const tokens = await signIn('admin@demo.test');
    const first = await refresh(tokens.refresh_token ?? '');
    expect(first.status).toBe(200);
    expect((await refresh(String(first.body.refresh_token))).status).toBe(200);
  });
});

describe('a lowered role or a disabled account (issue 12, defect 8)', () => {
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
