import type { AuthFlow } from '../auth-flow.ts';
import { type AccessTokenClaims, readAccessTokenClaims } from './access-token-claims.ts';
import { type SessionStore, signedOut } from './session-state.ts';

/** Puts a new access token in the store; answers its claims for scheduling the next renewal. */
export function setAccessToken(store: SessionStore, flow: AuthFlow, accessToken: string): AccessTokenClaims {
  const claims = readAccessTokenClaims(accessToken);
  store.setState({ session: { accessToken, scopes: claims.scopes, expiresAt: claims.exp, flow } });
  return claims;
}

export function clearSession(store: SessionStore): void {
  store.setState({ session: signedOut });
}

/**
 * Calls `listener` with each renewed access token (not the first one). The live
 * connections subscribe to re-send the new token in-band.
 */
export function onTokenRenewed(store: SessionStore, listener: (accessToken: string) => void): () => void {
  return store.subscribe((state, previous) => {
    const next = state.session.accessToken;
    const before = previous.session.accessToken;
    if (next && before && next !== before) listener(next);
  });
}
