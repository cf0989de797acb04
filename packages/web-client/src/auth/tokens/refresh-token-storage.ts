import type { AuthFlow } from '../auth-flow.ts';

export interface RefreshTokenStorage {
  get(flow: AuthFlow): string | null;
  set(flow: AuthFlow, refreshToken: string): void;
  clear(flow: AuthFlow): void;
}

/**
 * The refresh token lives in local storage only (specification section 9), never
 * in memory: every renewal re-reads it, because another tab may have rotated it.
 * One key per flow (ClientKeys.refreshTokens): the two flows use different
 * clients, and a token only refreshes with its own.
 */
export function createRefreshTokenStorage(
  storage: Storage,
  keys: Readonly<Record<AuthFlow, string>>,
): RefreshTokenStorage {
  return {
    get: (flow) => storage.getItem(keys[flow]),
    set: (flow, refreshToken) => storage.setItem(keys[flow], refreshToken),
    clear: (flow) => storage.removeItem(keys[flow]),
  };
}
