// @vitest-environment node
// oauth4webapi and jose need one realm for ArrayBuffer and Uint8Array; jsdom's globals are another.
import {
  createLoginTransactionStorage,
  createRefreshTokenStorage,
  createSessionStore,
  createTokenLock,
  type SessionStore,
} from '@careboard/web-client';
import {
  createTestIdentityProvider,
  fakeAccessToken,
  ISSUER,
  memoryStorage,
  type TestIdentityProvider,
  testAuthConfig,
} from '@careboard/web-client/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRuntime } from '../app/test-harness.tsx';
import {
  CONSOLE_PROFILE_KEY,
  type ConsoleAuth,
  consoleClientKeys,
  createConsoleAuth,
} from './console-auth.ts';
import { consoleSignInPath, pathBelowBase } from './console-paths.ts';
import { createProfileStorage, profileFromIdToken } from './console-profile.ts';

let idp: TestIdentityProvider;
let local: Storage;
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

function consoleAuth(): { auth: ConsoleAuth; store: SessionStore } {
  const store = createSessionStore();
  const runtime = testRuntime();
  const auth = createConsoleAuth({
    config: { ...runtime.config, ...testAuthConfig },
    customer: runtime.customer,
    store,
    fetch: idp.fetch,
    refreshTokens: createRefreshTokenStorage(local, consoleClientKeys.refreshTokens),
    transactions: createLoginTransactionStorage(memoryStorage(), consoleClientKeys.loginTransaction),
    profiles: createProfileStorage(local, CONSOLE_PROFILE_KEY),
    lock: createTokenLock(undefined, consoleClientKeys.tokenLock),
    browser: { origin: 'https://board.example', currentPath: () => '/boards', assign },
  });
  return { auth, store };
}

const accessToken = () =>
  fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 600, scope: 'read:* write:*', org_id: 'org_acme' });

/** Signs in through the test provider: authorize redirect, then the callback. */
async function signIn(auth: ConsoleAuth, idTokenClaims: Record<string, unknown>): Promise<string> {
  await auth.startLogin('/boards?tab=2');
  const authorize = new URL(String(assign.mock.calls.at(-1)?.[0]));
  const state = authorize.searchParams.get('state') ?? '';
  idp.answerToken({
    access_token: accessToken(),
    token_type: 'Bearer',
    refresh_token: 'refresh-1',
    expires_in: 600,
    id_token: await idp.idToken({
      nonce: authorize.searchParams.get('nonce'),
      org_id: 'org_acme',
      ...idTokenClaims,
    }),
  });
  return auth.completeLogin(`https://board.example/console/callback?code=abc&state=${state}`);
}

beforeEach(async () => {
  local = memoryStorage();
  idp = await createTestIdentityProvider();
  // jose fetches the JWKS with the global fetch.
  vi.stubGlobal('fetch', idp.fetch);
  assign = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console sign-in', () => {
  it('redirects with the console callback and comes back to `next`, signed in', async () => {
    const { auth, store } = consoleAuth();
    const next = await signIn(auth, { name: 'Ada Admin', email: 'ada@acme.test' });
    const authorize = new URL(String(assign.mock.calls[0]?.[0]));
    expect(authorize.searchParams.get('redirect_uri')).toBe('https://board.example/console/callback');
    expect(next).toBe('/boards?tab=2');
    expect(store.getState().session.accessToken).toBeTruthy();
    expect([...store.getState().session.scopes]).toEqual(['read:*', 'write:*']);
    expect(auth.profile()).toEqual({ name: 'Ada Admin', email: 'ada@acme.test' });
  });

  it("keeps the refresh token under the console's keys, never the board's", async () => {
    const { auth } = consoleAuth();
    await signIn(auth, { name: 'Ada Admin' });
    expect(local.getItem('careboard-console.refresh-token.standard')).toBe('refresh-1');
    expect(local.getItem('careboard.refresh-token.standard')).toBeNull();
  });

  it('restores the session from the stored refresh token, with the saved profile', async () => {
    const first = consoleAuth();
    await signIn(first.auth, { name: 'Ada Admin' });
    const reloaded = consoleAuth();
    idp.answerToken({ access_token: accessToken(), token_type: 'Bearer', refresh_token: 'refresh-2' });
    expect(await reloaded.auth.restore()).toBe('authenticated');
    expect(idp.tokenRequests.at(-1)?.get('refresh_token')).toBe('refresh-1');
    expect(reloaded.auth.profile()?.name).toBe('Ada Admin');
  });

  it('answers no-session without a stored token', async () => {
    expect(await consoleAuth().auth.restore()).toBe('no-session');
  });

  it('signs out back to /console/, forgetting the tokens and the profile', async () => {
    const { auth, store } = consoleAuth();
    await signIn(auth, { name: 'Ada Admin' });
    await auth.logout();
    const endSession = new URL(String(assign.mock.calls.at(-1)?.[0]));
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${ISSUER}/oidc/logout`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe('https://board.example/console/');
    expect(local.length).toBe(0);
    expect(store.getState().session.accessToken).toBeNull();
  });
});

describe('console paths', () => {
  it('keeps `next` below /console/, and anything else at its root', () => {
    expect(pathBelowBase('/console')).toBe('/');
    expect(pathBelowBase('/console/')).toBe('/');
    expect(pathBelowBase('/console/boards?x=1')).toBe('/boards?x=1');
    expect(pathBelowBase('/console?x=1')).toBe('/?x=1');
    expect(pathBelowBase('/consoleevil')).toBe('/');
    expect(pathBelowBase('/console//evil.example')).toBe('/');
    expect(consoleSignInPath('standard', '/desk')).toBe('/console/desk');
    expect(consoleSignInPath('standard', 'https://evil.example')).toBe('/console/');
  });

  it("reads name and email from the ID token's payload", () => {
    // UTF-8, base64url: as a provider encodes it.
    const payload = Buffer.from(JSON.stringify({ name: 'Zoë', email: 'z@acme.test' })).toString('base64url');
    expect(profileFromIdToken(`h.${payload}.s`)).toEqual({ name: 'Zoë', email: 'z@acme.test' });
    expect(profileFromIdToken(undefined)).toEqual({ name: null, email: null });
    expect(profileFromIdToken('not-a-jwt')).toEqual({ name: null, email: null });
  });
});
