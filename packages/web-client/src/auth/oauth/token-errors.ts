import * as oauth from 'oauth4webapi';

/**
 * True when the provider refused the grant itself (invalid_grant, a revoked
 * device, an unknown client): retrying the same token cannot succeed. Anything
 * else (network down, 5xx, 429) is passing and worth retrying.
 */
export function isGrantRejected(error: unknown): boolean {
  if (error instanceof oauth.WWWAuthenticateChallengeError) return true;
  if (error instanceof oauth.ResponseBodyError) {
    return error.status >= 400 && error.status < 500 && error.status !== 429;
  }
  return false;
}

/** The OAuth `error` code of a token endpoint answer, if it was one. */
export function oauthErrorCode(error: unknown): string | null {
  return error instanceof oauth.ResponseBodyError ? error.error : null;
}
