import { type AppStore, type AuthFlow, signedOut } from '../../state/app-store.ts';
import { type AccessTokenClaims, readAccessTokenClaims } from './access-token-claims.ts';

/** Puts a new access token in the store; answers its claims for scheduling the next renewal. */
export function setAccessToken(store: AppStore, flow: AuthFlow, accessToken: string): AccessTokenClaims {
  const claims = readAccessTokenClaims(accessToken);
  store.setState({ session: { accessToken, scopes: claims.scopes, expiresAt: claims.exp, flow } });
  return claims;
}

export function clearSession(store: AppStore): void {
  store.setState({ session: signedOut });
}

/**
 * Calls `listener` with each renewed access token (not the first one). The live
 * connections subscribe to re-send the new token in-band.
 */
export function onTokenRenewed(store: AppStore, listener: (accessToken: string) => void): () => void {
  return store.subscribe((state, previous) => {
    const next = state.session.accessToken;
    const before = previous.session.accessToken;
    if (next && before && next !== before) listener(next);
  });
}
