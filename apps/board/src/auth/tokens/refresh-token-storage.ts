import type { AuthFlow } from '../../state/app-store.ts';

/** One key per flow: the two flows use different clients, and a token only refreshes with its own. */
export const refreshTokenKeys: Readonly<Record<AuthFlow, string>> = Object.freeze({
  standard: 'careboard.refresh-token.standard',
  device: 'careboard.refresh-token.device',
});

export interface RefreshTokenStorage {
  get(flow: AuthFlow): string | null;
  set(flow: AuthFlow, refreshToken: string): void;
  clear(flow: AuthFlow): void;
}

/**
 * The refresh token lives in local storage only (specification section 9), never
 * in memory: every renewal re-reads it, because another tab may have rotated it.
 */
export function createRefreshTokenStorage(storage: Storage): RefreshTokenStorage {
  return {
    get: (flow) => storage.getItem(refreshTokenKeys[flow]),
    set: (flow, refreshToken) => storage.setItem(refreshTokenKeys[flow], refreshToken),
    clear: (flow) => storage.removeItem(refreshTokenKeys[flow]),
  };
}
