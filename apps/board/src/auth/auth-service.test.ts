// @vitest-environment node
// oauth4webapi and jose need one realm for ArrayBuffer and Uint8Array; jsdom's globals are another.
import {
  createLoginTransactionStorage,
  createRefreshTokenStorage,
  createTokenLock,
} from '@careboard/web-client';
import {
  createTestIdentityProvider,
  fakeAccessToken,
  memoryStorage,
  type TestIdentityProvider,
} from '@careboard/web-client/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRuntimeConfig } from '../runtime-config/test-runtime-config.ts';
import { createAppStore } from '../state/app-store.ts';
import { type AuthService, createAuthService } from './auth-service.ts';
import { boardClientKeys } from './client-keys.ts';

const customer = { id: 'acme', auth_org_id: 'org_acme', auth_device_client_id: 'device-acme', locale: null };

let idp: TestIdentityProvider;
let localStorage: Storage;
let sessionStorage: Storage;
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

function service(): { auth: AuthService; store: ReturnType<typeof createAppStore> } {
  const store = createAppStore();
  const auth = createAuthService({
    config: testRuntimeConfig,
    customer,
    store,
    fetch: idp.fetch,
    refreshTokens: createRefreshTokenStorage(localStorage, boardClientKeys.refreshTokens),
    transactions: createLoginTransactionStorage(sessionStorage, boardClientKeys.loginTransaction),
    lock: createTokenLock(undefined, boardClientKeys.tokenLock),
    browser: { origin: 'https://board.example', currentPath: () => '/family?id=2', assign },
  });
  return { auth, store };
}

beforeEach(async () => {
  localStorage = memoryStorage();
  sessionStorage = memoryStorage();
  idp = await createTestIdentityProvider();
  vi.stubGlobal('fetch', idp.fetch);
  assign = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the board’s standard sign-in through the service', () => {
  it('redirects back to /auth/callback', async () => {
    const { auth } = service();
    await auth.startLogin('/family?id=2');
    const url = new URL(String(assign.mock.calls.at(-1)?.[0]));
    expect(url.searchParams.get('redirect_uri')).toBe('https://board.example/auth/callback');
    expect(sessionStorage.getItem('careboard.login-transaction')).toContain('/family?id=2');
  });

  it('logs out of both flows: revokes both stored tokens and forgets them', async () => {
    localStorage.setItem('careboard.refresh-token.standard', 'refresh-s');
    localStorage.setItem('careboard.refresh-token.device', 'refresh-d');
    const { auth } = service();
    await auth.logout();
    const revoked = idp.fetch.mock.calls.filter(([url]) => url.endsWith('/oauth/revoke'));
    expect(revoked).toHaveLength(2);
    expect(localStorage.getItem('careboard.refresh-token.standard')).toBeNull();
    expect(localStorage.getItem('careboard.refresh-token.device')).toBeNull();
  });

  it('sends a lost standard session back to auth/login', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const { auth } = service();
      auth.acceptTokens('standard', {
        access_token: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 120, scope: '' }),
        refresh_token: 'r1',
      });
      idp.answerToken({ error: 'invalid_grant' }, 400);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(assign).toHaveBeenCalledWith('/auth/login?next=%2Ffamily%3Fid%3D2');
      auth.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the board’s device flow through the service', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews REFRESH_TOKEN_IN_ADVANCE_SEC before exp and notifies subscribers of the new token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const now = Math.floor(Date.now() / 1000);
    const { auth, store } = service();
    const renewed = vi.fn();
    auth.onTokenRenewed(renewed);
    auth.acceptTokens('device', {
      access_token: fakeAccessToken({ exp: now + 600, scope: 'access:display-board' }),
      refresh_token: 'r1',
    });
    const next = fakeAccessToken({ exp: now + 1200, scope: 'access:display-board' });
    idp.answerToken({ access_token: next, token_type: 'Bearer', refresh_token: 'r2' });
    await vi.advanceTimersByTimeAsync((600 - testRuntimeConfig.REFRESH_TOKEN_IN_ADVANCE_SEC) * 1000 - 1_000);
    expect(idp.tokenRequests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(idp.tokenRequests).toHaveLength(1);
    expect(idp.tokenRequests[0]?.get('refresh_token')).toBe('r1');
    expect(idp.tokenRequests[0]?.get('client_id')).toBe('device-acme');
    expect(store.getState().session.accessToken).toBe(next);
    expect(renewed).toHaveBeenCalledExactlyOnceWith(next);
    expect(localStorage.getItem('careboard.refresh-token.device')).toBe('r2');
    auth.dispose();
  });

  it('sends the device flow back to activation when a renewal is refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const now = Math.floor(Date.now() / 1000);
    const { auth } = service();
    auth.acceptTokens('device', {
      access_token: fakeAccessToken({ exp: now + 120, scope: '' }),
      refresh_token: 'r1',
    });
    idp.answerToken({ error: 'invalid_grant' }, 400);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(assign).toHaveBeenCalledWith('/auth/device?next=%2Ffamily%3Fid%3D2');
    expect(localStorage.getItem('careboard.refresh-token.device')).toBeNull();
    auth.dispose();
  });

  it('renews at once when asked (a live connection closed as Unauthorized): a revoked screen gets a new code (BOF-46)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const now = Math.floor(Date.now() / 1000);
    const { auth } = service();
    auth.acceptTokens('device', {
      access_token: fakeAccessToken({ exp: now + 3600, scope: '' }),
      refresh_token: 'r1',
    });
    idp.answerToken({ error: 'invalid_grant' }, 400);
    await vi.advanceTimersByTimeAsync(100);
    expect(idp.tokenRequests).toHaveLength(0);
    auth.renewNow();
    await vi.advanceTimersByTimeAsync(100);
    expect(idp.tokenRequests).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('/auth/device?next=%2Ffamily%3Fid%3D2');
    auth.dispose();
  });
});
