import { parseScope } from '@careboard/contracts';
import { decodeJwt } from 'jose';

export interface AccessTokenClaims {
  /** Seconds since the epoch. */
  readonly exp: number;
  readonly scopes: ReadonlySet<string>;
}

/**
 * Reads exp and scope from the access token's payload. Decoding without
 * verifying is enough here: the API verifies the token, the app only needs
 * to know when to renew and what to show.
 */
export function readAccessTokenClaims(accessToken: string): AccessTokenClaims {
  const payload = decodeJwt(accessToken);
  if (typeof payload.exp !== 'number') throw new Error('The access token has no exp claim');
  return { exp: payload.exp, scopes: parseScope(payload.scope) };
}
