import type { AuthFlow } from '../auth-flow.ts';
import { isGrantRejected } from '../oauth/token-errors.ts';
import type { RefreshTokenStorage } from './refresh-token-storage.ts';
import type { TokenLock } from './token-lock.ts';
import type { TokenSet } from './token-set.ts';

export type RenewResult = 'renewed' | 'no-token' | 'rejected';

export interface RenewDeps {
  readonly lock: TokenLock;
  readonly storage: RefreshTokenStorage;
  /** The refresh grant (POST token endpoint: client_id, grant_type, scope, refresh_token). */
  readonly refresh: (flow: AuthFlow, refreshToken: string) => Promise<TokenSet>;
  /** Keeps the new tokens: storage, session, next renewal. */
  readonly accept: (flow: AuthFlow, tokens: TokenSet) => void;
}

/**
 * One renewal with the stored refresh token, under the cross-tab lock. The token
 * is read after the lock is taken: another tab may have rotated it meanwhile,
 * and sending the old one would revoke the grant. A refused grant clears the
 * stored token; a passing failure (network, 5xx) throws for the caller to retry.
 */
export function renewWithStoredToken(deps: RenewDeps, flow: AuthFlow): Promise<RenewResult> {
  return deps.lock.run(async function renewUnderLock(): Promise<RenewResult> {
    const refreshToken = deps.storage.get(flow);
    if (!refreshToken) return 'no-token';
    let tokens: TokenSet;
    try {
      tokens = await deps.refresh(flow, refreshToken);
    } catch (error) {
      if (!isGrantRejected(error)) throw error;
      deps.storage.clear(flow);
      return 'rejected';
    }
    deps.accept(flow, tokens);
    return 'renewed';
  });
}
