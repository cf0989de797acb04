import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type * as oauth from 'oauth4webapi';
import { ID_TOKEN_LEEWAY_SEC } from './id-token-checks.ts';

/**
 * Verifies the ID token's signature against the provider's published keys.
 * oauth4webapi checks the claims (iss, aud, exp, nonce, alg) but not the
 * signature: this closes that gap. RS256 only (specification section 5).
 */
export async function verifyIdTokenSignature(
  idToken: string,
  as: oauth.AuthorizationServer,
  clientId: string,
  keys: JWTVerifyGetKey = jwksOf(as),
): Promise<void> {
  await jwtVerify(idToken, keys, {
    algorithms: ['RS256'],
    issuer: as.issuer,
    audience: clientId,
    clockTolerance: ID_TOKEN_LEEWAY_SEC,
    requiredClaims: ['exp'],
  });
}

function jwksOf(as: oauth.AuthorizationServer): JWTVerifyGetKey {
  if (!as.jwks_uri) throw new Error('The identity provider publishes no JWKS');
  return createRemoteJWKSet(new URL(as.jwks_uri));
}
