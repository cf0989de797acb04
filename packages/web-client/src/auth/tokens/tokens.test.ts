import * as oauth from 'oauth4webapi';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientKeys } from '../client-keys.ts';
import { readAccessTokenClaims } from './access-token-claims.ts';
import { createRefreshTokenStorage } from './refresh-token-storage.ts';
import { renewWithStoredToken } from './renew-with-stored-token.ts';
import { createRenewalScheduler, RENEWAL_RETRY_MS } from './renewal-scheduler.ts';
import { clearSession, onTokenRenewed, setAccessToken } from './session.ts';
import { signedOut } from './session-state.ts';
import { createSessionStore } from './session-store.ts';
import { fakeAccessToken } from './test-tokens.ts';
import { createTokenLock, type LockManagerLike } from './token-lock.ts';

const keys = clientKeys('careboard');

/** A Web Locks stand-in that queues holders of the same name, as the browser does across tabs. */
function fakeLocks(): LockManagerLike & { names: string[] } {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  return {
    names,
    request: ((name: string, _options: LockOptions, task: () => Promise<unknown>) => {
      names.push(name);
      const run = tail.then(task);
      tail = run.catch(() => undefined);
      return run;
    }) as LockManagerLike['request'],
  };
}

function rejection(status: number, error: string): oauth.ResponseBodyError {
  const response = new Response(JSON.stringify({ error }), { status });
  return new oauth.ResponseBodyError('refused', { cause: { error }, response });
}

describe('access token claims', () => {
  it('reads exp and the space-separated scope', () => {
    const claims = readAccessTokenClaims(
      fakeAccessToken({ exp: 1_900_000_000, scope: 'access:display-board read:sites' }),
    );
    expect(claims.exp).toBe(1_900_000_000);
    expect([...claims.scopes]).toEqual(['access:display-board', 'read:sites']);
  });

  it('refuses a token without exp', () => {
    expect(() => readAccessTokenClaims(fakeAccessToken({ scope: 'x' }))).toThrow();
  });
});

describe('token store', () => {
  it('keeps the session: token, scopes, expiry and flow, until cleared', () => {
    const store = createSessionStore();
    expect(store.getState().session).toBe(signedOut);
    setAccessToken(store, 'standard', fakeAccessToken({ exp: 10, scope: 'read:sites' }));
    const session = store.getState().session;
    expect([session.expiresAt, session.flow, [...session.scopes]]).toEqual([10, 'standard', ['read:sites']]);
    clearSession(store);
    expect(store.getState().session).toBe(signedOut);
  });

  it('stops notifying a listener that unsubscribed', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    setAccessToken(store, 'standard', fakeAccessToken({ exp: 10, scope: '' }));
    unsubscribe();
    clearSession(store);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('notifies subscribers of each renewed token, not of the first sign-in', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    onTokenRenewed(store, listener);
    setAccessToken(store, 'device', fakeAccessToken({ exp: 10, scope: '' }));
    expect(listener).not.toHaveBeenCalled();
    const renewed = fakeAccessToken({ exp: 20, scope: '' });
    setAccessToken(store, 'device', renewed);
    expect(listener).toHaveBeenCalledExactlyOnceWith(renewed);
  });
});

describe('refresh token storage', () => {
  it('keeps the refresh token in local storage, one key per flow', () => {
    const storage = createRefreshTokenStorage(localStorage, keys.refreshTokens);
    storage.set('device', 'r-device');
    expect(localStorage.getItem('careboard.refresh-token.device')).toBe('r-device');
    expect(storage.get('standard')).toBeNull();
    storage.clear('device');
    expect(localStorage.getItem('careboard.refresh-token.device')).toBeNull();
  });

  it('keeps apps with other prefixes apart on the same origin', () => {
    const board = createRefreshTokenStorage(localStorage, keys.refreshTokens);
    const other = createRefreshTokenStorage(localStorage, clientKeys('careboard-console').refreshTokens);
    board.set('standard', 'r-board');
    other.set('standard', 'r-other');
    expect([board.get('standard'), other.get('standard')]).toEqual(['r-board', 'r-other']);
    expect(clientKeys('careboard-console').tokenLock).not.toBe(keys.tokenLock);
  });
});

describe('renewal with the stored refresh token', () => {
  beforeEach(() => localStorage.clear());

  it('runs under the careboard-token-refresh Web Lock', async () => {
    const locks = fakeLocks();
    await expect(createTokenLock(locks, keys.tokenLock).run(async () => 'done')).resolves.toBe('done');
    expect(locks.names).toEqual(['careboard-token-refresh']);
  });

  it('reads the token after taking the lock, so a tab uses what another tab rotated', async () => {
    const storage = createRefreshTokenStorage(localStorage, keys.refreshTokens);
    storage.set('device', 'r1');
    const used: string[] = [];
    const lock = createTokenLock(fakeLocks(), keys.tokenLock);
    let rotation = 1;
    const deps = {
      lock,
      storage,
      refresh: vi.fn(async (_flow: string, refreshToken: string) => {
        used.push(refreshToken);
        rotation += 1;
        return { access_token: 'a', refresh_token: `r${rotation}` };
      }),
      accept: vi.fn((_flow: string, tokens: { refresh_token?: string | undefined }) => {
        if (tokens.refresh_token) storage.set('device', tokens.refresh_token);
      }),
    };
    // Two tabs renew at the same moment.
    const [first, second] = await Promise.all([
      renewWithStoredToken(deps, 'device'),
      renewWithStoredToken(deps, 'device'),
    ]);
    expect([first, second]).toEqual(['renewed', 'renewed']);
    expect(used).toEqual(['r1', 'r2']);
    expect(storage.get('device')).toBe('r3');
  });

  it('answers no-token when nothing is stored', async () => {
    const deps = {
      lock: createTokenLock(fakeLocks(), keys.tokenLock),
      storage: createRefreshTokenStorage(localStorage, keys.refreshTokens),
      refresh: vi.fn(),
      accept: vi.fn(),
    };
    await expect(renewWithStoredToken(deps, 'standard')).resolves.toBe('no-token');
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('clears a refused token and answers rejected', async () => {
    const storage = createRefreshTokenStorage(localStorage, keys.refreshTokens);
    storage.set('standard', 'r1');
    const deps = {
      lock: createTokenLock(fakeLocks(), keys.tokenLock),
      storage,
      refresh: vi.fn().mockRejectedValue(rejection(400, 'invalid_grant')),
      accept: vi.fn(),
    };
    await expect(renewWithStoredToken(deps, 'standard')).resolves.toBe('rejected');
    expect(storage.get('standard')).toBeNull();
  });

  it('keeps the token and throws on a passing failure (network, 5xx)', async () => {
    const storage = createRefreshTokenStorage(localStorage, keys.refreshTokens);
    storage.set('standard', 'r1');
    const deps = {
      lock: createTokenLock(fakeLocks(), keys.tokenLock),
      storage,
      refresh: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')),
      accept: vi.fn(),
    };
    await expect(renewWithStoredToken(deps, 'standard')).rejects.toThrow('Failed to fetch');
    deps.refresh.mockRejectedValue(rejection(503, 'temporarily_unavailable'));
    await expect(renewWithStoredToken(deps, 'standard')).rejects.toThrow();
    expect(storage.get('standard')).toBe('r1');
  });

  it('runs directly where the Web Locks API is missing', async () => {
    const storage = createRefreshTokenStorage(localStorage, keys.refreshTokens);
    storage.set('device', 'r1');
    const deps = {
      lock: createTokenLock(undefined, keys.tokenLock),
      storage,
      refresh: vi.fn(async () => ({ access_token: 'a' })),
      accept: vi.fn(),
    };
    await expect(renewWithStoredToken(deps, 'device')).resolves.toBe('renewed');
  });
});

describe('renewal timing', () => {
  const start = Date.UTC(2026, 0, 1, 8, 0, 0);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews REFRESH_TOKEN_IN_ADVANCE_SEC before exp', async () => {
    const renew = vi.fn(async () => 'renewed' as const);
    const scheduler = createRenewalScheduler({ inAdvanceSec: 60, renew, onSessionLost: vi.fn() });
    scheduler.schedule(start / 1000 + 600);
    await vi.advanceTimersByTimeAsync(539_999);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledOnce();
  });

  it('renews at once when the token is already inside the advance window', async () => {
    const renew = vi.fn(async () => 'renewed' as const);
    const scheduler = createRenewalScheduler({ inAdvanceSec: 60, renew, onSessionLost: vi.fn() });
    scheduler.schedule(start / 1000 + 30);
    await vi.advanceTimersByTimeAsync(0);
    expect(renew).toHaveBeenCalledOnce();
  });

  it('retries a failed renewal every 5 s until it succeeds', async () => {
    const renew = vi
      .fn<() => Promise<'renewed'>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('renewed');
    const onSessionLost = vi.fn();
    const scheduler = createRenewalScheduler({ inAdvanceSec: 60, renew, onSessionLost });
    scheduler.schedule(start / 1000 + 60);
    await vi.advanceTimersByTimeAsync(0);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RENEWAL_RETRY_MS - 1);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(renew).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renew).toHaveBeenCalledTimes(3);
    expect(onSessionLost).not.toHaveBeenCalled();
    expect(RENEWAL_RETRY_MS).toBe(5_000);
  });

  it('gives the session up when the stored token is gone or refused', async () => {
    const onSessionLost = vi.fn();
    const scheduler = createRenewalScheduler({
      inAdvanceSec: 60,
      renew: async () => 'rejected',
      onSessionLost,
    });
    scheduler.schedule(start / 1000 + 60);
    await vi.advanceTimersByTimeAsync(0);
    expect(onSessionLost).toHaveBeenCalledOnce();
  });

  it('replaces the plan when a new token arrives, and stops', async () => {
    const renew = vi.fn(async () => 'renewed' as const);
    const scheduler = createRenewalScheduler({ inAdvanceSec: 60, renew, onSessionLost: vi.fn() });
    scheduler.schedule(start / 1000 + 120);
    scheduler.schedule(start / 1000 + 600);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renew).not.toHaveBeenCalled();
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(renew).not.toHaveBeenCalled();
  });
});
