// @vitest-environment node
// oauth4webapi and jose need one realm for ArrayBuffer and Uint8Array; jsdom's globals are another.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuthSession, createAuthSession } from './auth-session.ts';
import { clientKeys } from './client-keys.ts';
import { createLoginTransactionStorage } from './standard/login-transaction.ts';
import {
  CLIENT_ID,
  createTestIdentityProvider,
  ISSUER,
  type TestIdentityProvider,
  testAuthConfig,
} from './test-identity-provider.ts';
import { memoryStorage } from './tokens/memory-storage.ts';
import { createRefreshTokenStorage } from './tokens/refresh-token-storage.ts';
import { type SessionStore, signedOut } from './tokens/session-state.ts';
import { createSessionStore } from './tokens/session-store.ts';
import { fakeAccessToken } from './tokens/test-tokens.ts';
import { createTokenLock } from './tokens/token-lock.ts';

const customer = { auth_org_id: 'org_acme' };
const keys = clientKeys('careboard');

let idp: TestIdentityProvider;
let localStorage: Storage;
let sessionStorage: Storage;
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

/** An app with the standard flow only and its own callback route, as the console is. */
function service(callbackPath = '/auth/callback'): { auth: AuthSession; store: SessionStore } {
  const store = createSessionStore();
  const auth = createAuthSession({
    config: testAuthConfig,
    customer,
    store,
    fetch: idp.fetch,
    refreshTokens: createRefreshTokenStorage(localStorage, keys.refreshTokens),
    transactions: createLoginTransactionStorage(sessionStorage, keys.loginTransaction),
    lock: createTokenLock(undefined, keys.tokenLock),
    browser: { origin: 'https://board.example', currentPath: () => '/family?id=2', assign },
    callbackPath,
    signInPath: (flow, next) => `/sign-in/${flow}?next=${encodeURIComponent(next)}`,
  });
  return { auth, store };
}

/** Starts a login and answers the callback URL the provider would redirect to. */
async function loginAndCallback(
  auth: AuthSession,
  next = '/family?id=2',
): Promise<{ url: URL; state: string; nonce: string }> {
  await auth.startLogin(next);
  const url = new URL(String(assign.mock.calls.at(-1)?.[0]));
  const state = url.searchParams.get('state') ?? '';
  const nonce = url.searchParams.get('nonce') ?? '';
  return { url, state, nonce };
}

beforeEach(async () => {
  localStorage = memoryStorage();
  sessionStorage = memoryStorage();
  idp = await createTestIdentityProvider();
  // jose fetches the JWKS with the global fetch.
  vi.stubGlobal('fetch', idp.fetch);
  assign = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('standard sign-in', () => {
  it('redirects to authorize with PKCE S256, state, nonce, audience, organization, scopes and prompt=consent', async () => {
    const { auth } = service();
    const { url } = await loginAndCallback(auth);
    expect(`${url.origin}${url.pathname}`).toBe(`${ISSUER}/authorize`);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('redirect_uri')).toBe('https://board.example/auth/callback');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('audience')).toBe(testAuthConfig.AUTH_AUDIENCE);
    expect(params.get('organization')).toBe('org_acme');
    expect(params.get('prompt')).toBe('consent');
    expect(params.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'offline_access', 'access:display-board']),
    );
  });

  async function completeWith(
    idTokenClaims: Record<string, unknown>,
    options?: { alg?: string; foreignKey?: boolean },
  ) {
    const { auth, store } = service();
    const { state, nonce } = await loginAndCallback(auth);
    const accessToken = fakeAccessToken({
      exp: Math.floor(Date.now() / 1000) + 600,
      scope: 'access:display-board',
    });
    idp.answerToken({
      access_token: accessToken,
      token_type: 'Bearer',
      refresh_token: 'refresh-1',
      expires_in: 600,
      id_token: await idp.idToken({ nonce, org_id: 'org_acme', ...idTokenClaims }, options),
    });
    const result = auth.completeLogin(`https://board.example/auth/callback?code=abc&state=${state}`);
    return { result, store, accessToken };
  }

  it('exchanges the code, checks the ID token, keeps the tokens and answers the saved path', async () => {
    const { result, store, accessToken } = await completeWith({});
    await expect(result).resolves.toBe('/family?id=2');
    expect(store.getState().session.accessToken).toBe(accessToken);
    expect(localStorage.getItem('careboard.refresh-token.standard')).toBe('refresh-1');
    const exchange = idp.tokenRequests[0];
    expect(exchange?.get('grant_type')).toBe('authorization_code');
    expect(exchange?.get('code')).toBe('abc');
    expect(exchange?.get('code_verifier')).toBeTruthy();
  });

  it('refuses an ID token of another organization', async () => {
    const { result, store } = await completeWith({ org_id: 'org_other' });
    await expect(result).rejects.toThrow(/organization/);
    expect(store.getState().session.accessToken).toBeNull();
  });

  it('refuses an ID token with another nonce', async () => {
    const { result } = await completeWith({ nonce: 'not-ours' });
    await expect(result).rejects.toThrow();
  });

  it('refuses an ID token not signed by the provider’s keys', async () => {
    const { result, store } = await completeWith({}, { foreignKey: true });
    await expect(result).rejects.toThrow(/signature/);
    expect(store.getState().session.accessToken).toBeNull();
  });

  it('refuses an ID token that is not RS256', async () => {
    const { result } = await completeWith({}, { alg: 'RS384' });
    await expect(result).rejects.toThrow(/"alg"/);
  });

  it('refuses a callback with another state, and one with an error', async () => {
    const { auth } = service();
    await loginAndCallback(auth);
    await expect(
      auth.completeLogin('https://board.example/auth/callback?code=abc&state=forged'),
    ).rejects.toThrow();
    const { state } = await loginAndCallback(auth);
    await expect(
      auth.completeLogin(`https://board.example/auth/callback?error=access_denied&state=${state}`),
    ).rejects.toThrow();
  });

  it('refuses a callback when no sign-in is in progress', async () => {
    const { auth } = service();
    await expect(auth.completeLogin('https://board.example/auth/callback?code=abc&state=x')).rejects.toThrow(
      /No sign-in/,
    );
  });
});

describe('silent sign-in and logout', () => {
  it('renews with the stored refresh token: client_id, grant_type, scope, refresh_token', async () => {
    localStorage.setItem('careboard.refresh-token.standard', 'refresh-old');
    const accessToken = fakeAccessToken({
      exp: Math.floor(Date.now() / 1000) + 600,
      scope: 'access:display-board',
    });
    idp.answerToken({
      access_token: accessToken,
      token_type: 'Bearer',
      refresh_token: 'refresh-new',
      expires_in: 600,
    });
    const { auth, store } = service();
    await expect(auth.restoreSession('standard')).resolves.toBe('authenticated');
    const form = idp.tokenRequests[0];
    expect(form?.get('client_id')).toBe(CLIENT_ID);
    expect(form?.get('grant_type')).toBe('refresh_token');
    expect(form?.get('refresh_token')).toBe('refresh-old');
    expect(form?.get('scope')?.split(' ')).toContain('access:display-board');
    expect(store.getState().session.scopes.has('access:display-board')).toBe(true);
    expect(localStorage.getItem('careboard.refresh-token.standard')).toBe('refresh-new');
    auth.dispose();
  });

  it('answers no-session without a stored token, and after a refused one', async () => {
    const { auth } = service();
    await expect(auth.restoreSession('standard')).resolves.toBe('no-session');
    localStorage.setItem('careboard.refresh-token.standard', 'revoked');
    idp.answerToken({ error: 'invalid_grant' }, 400);
    await expect(auth.restoreSession('standard')).resolves.toBe('no-session');
    expect(localStorage.getItem('careboard.refresh-token.standard')).toBeNull();
  });

  it('logs out: revokes, forgets the tokens and goes to end-session with post_logout_redirect_uri', async () => {
    localStorage.setItem('careboard.refresh-token.standard', 'refresh-1');
    const { auth } = service();
    await auth.logout();
    expect(idp.fetch).toHaveBeenCalledWith(`${ISSUER}/oauth/revoke`, expect.anything());
    expect(localStorage.getItem('careboard.refresh-token.standard')).toBeNull();
    const url = new URL(String(assign.mock.calls.at(-1)?.[0]));
    expect(`${url.origin}${url.pathname}`).toBe(`${ISSUER}/oidc/logout`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(testAuthConfig.LOGOUT_CALLBACK_URL);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
  });
});

describe('renewal through the service', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews REFRESH_TOKEN_IN_ADVANCE_SEC before exp and notifies subscribers of the new token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const now = Math.floor(Date.now() / 1000);
    const { auth, store } = service();
    const renewed = vi.fn();
    auth.onTokenRenewed(renewed);
    auth.acceptTokens('standard', {
      access_token: fakeAccessToken({ exp: now + 600, scope: 'access:display-board' }),
      refresh_token: 'r1',
    });
    const next = fakeAccessToken({ exp: now + 1200, scope: 'access:display-board' });
    idp.answerToken({ access_token: next, token_type: 'Bearer', refresh_token: 'r2' });
    await vi.advanceTimersByTimeAsync((600 - testAuthConfig.REFRESH_TOKEN_IN_ADVANCE_SEC) * 1000 - 1_000);
    expect(idp.tokenRequests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(idp.tokenRequests).toHaveLength(1);
    expect(idp.tokenRequests[0]?.get('refresh_token')).toBe('r1');
    expect(idp.tokenRequests[0]?.get('client_id')).toBe(CLIENT_ID);
    expect(store.getState().session.accessToken).toBe(next);
    expect(renewed).toHaveBeenCalledExactlyOnceWith(next);
    expect(localStorage.getItem('careboard.refresh-token.standard')).toBe('r2');
    auth.dispose();
  });

  it('sends a lost session to the app’s sign-in path with next, when a renewal is refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const now = Math.floor(Date.now() / 1000);
    const { auth, store } = service();
    auth.acceptTokens('standard', {
      access_token: fakeAccessToken({ exp: now + 120, scope: '' }),
      refresh_token: 'r1',
    });
    idp.answerToken({ error: 'invalid_grant' }, 400);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(assign).toHaveBeenCalledWith('/sign-in/standard?next=%2Ffamily%3Fid%3D2');
    expect(store.getState().session).toBe(signedOut);
    expect(localStorage.getItem('careboard.refresh-token.standard')).toBeNull();
    auth.dispose();
  });

  it('retries a silent sign-in every 5 s while the provider is unreachable', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    localStorage.setItem('careboard.refresh-token.standard', 'r1');
    idp.answerToken({ error: 'temporarily_unavailable' }, 503);
    const { auth } = service();
    const result = auth.restoreSession('standard');
    await vi.advanceTimersByTimeAsync(0);
    expect(idp.tokenRequests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(idp.tokenRequests).toHaveLength(1);
    idp.answerToken({
      access_token: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 600, scope: '' }),
      token_type: 'Bearer',
    });
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('authenticated');
    expect(idp.tokenRequests).toHaveLength(2);
    auth.dispose();
  });

  it('renews at once when asked (a live connection closed as Unauthorized), and ends a refused session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const now = Math.floor(Date.now() / 1000);
    const { auth } = service();
    auth.acceptTokens('standard', {
      access_token: fakeAccessToken({ exp: now + 3600, scope: '' }),
      refresh_token: 'r1',
    });
    idp.answerToken({ error: 'invalid_grant' }, 400);
    await vi.advanceTimersByTimeAsync(100);
    expect(idp.tokenRequests).toHaveLength(0);
    auth.renewNow();
    await vi.advanceTimersByTimeAsync(100);
    expect(idp.tokenRequests).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('/sign-in/standard?next=%2Ffamily%3Fid%3D2');
    auth.dispose();
  });
});

describe('an app of its own (the console)', () => {
  it('redirects back to its own callback path and exchanges the code with it', async () => {
    const { auth, store } = service('/console/callback');
    const { url, state, nonce } = await loginAndCallback(auth, '/console/boards');
    expect(url.searchParams.get('redirect_uri')).toBe('https://board.example/console/callback');
    expect(sessionStorage.getItem('careboard.login-transaction')).toContain('/console/boards');
    idp.answerToken({
      access_token: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 600, scope: 'read:sites' }),
      token_type: 'Bearer',
      refresh_token: 'refresh-1',
      id_token: await idp.idToken({ nonce, org_id: 'org_acme' }),
    });
    await expect(
      auth.completeLogin(`https://board.example/console/callback?code=abc&state=${state}`),
    ).resolves.toBe('/console/boards');
    expect(idp.tokenRequests[0]?.get('redirect_uri')).toBe('https://board.example/console/callback');
    expect(store.getState().session.scopes.has('read:sites')).toBe(true);
  });

  it('has no device session without a device grant', async () => {
    const { auth } = service();
    await expect(auth.restoreSession('device')).resolves.toBe('no-session');
    expect(idp.tokenRequests).toHaveLength(0);
  });

  it('keeps `next` on this origin', async () => {
    const { auth } = service();
    await loginAndCallback(auth, 'https://evil.example/');
    expect(sessionStorage.getItem('careboard.login-transaction')).toContain('"next":"/"');
  });
});
