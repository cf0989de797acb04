import { createPublicKey, type JsonWebKey, KeyObject, type webcrypto } from 'node:crypto';
import { parseScope } from '@careboard/contracts';
import { createVerifier, TokenError } from 'fast-jwt';
import {
  type CompactJWSHeaderParameters,
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JWK,
  type JWTVerifyGetKey,
  errors as joseErrors,
} from 'jose';
import type { IdentityConfig } from '../config/config.ts';
import { AppError } from '../errors/app-error.ts';
import { isDatabaseUnavailable } from '../errors/database-errors.ts';
import { findCustomerIdByOrg } from '../store/customers.ts';
import type { Db } from '../store/database.ts';

/** Who is calling, as the access token says; the customer always comes from here. */
export interface Principal {
  readonly customerId: string;
  readonly subject: string;
  readonly scopes: ReadonlySet<string>;
  readonly clientId: string | undefined;
  readonly expiresAt: number;
  /** A screen's device record (the `device_id` claim): it reads only that device's board (IDN-16). */
  readonly deviceId?: number;
}

export type VerifyAccessToken = (token: string) => Promise<Principal>;

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

export function publicJwk(jwk: JWK): JWK {
  const copy: Record<string, unknown> = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return copy as JWK;
}

/** The embedded provider's keys, or an external issuer's JWKS (Auth0: /.well-known/jwks.json). */
export function keySetFor(config: IdentityConfig, signingKeys: readonly JWK[]): JWTVerifyGetKey {
  if (config.embedded) return createLocalJWKSet({ keys: signingKeys.map(publicJwk) });
  return createRemoteJWKSet(new URL(`${config.issuer}/.well-known/jwks.json`));
}

/**
 * Verifies a bearer access token: RS256 only, issuer (with or without the
 * trailing slash Auth0 writes), audience, exp with 60 s leeway; then maps
 * `org_id` to our customer. Every failure is 401 UNAUTHORIZED, except an unreachable
 * database (503 SERVICE_UNAVAILABLE).
 */
export function createAccessTokenVerifier(
  db: Db,
  config: IdentityConfig,
  keys: JWTVerifyGetKey,
): VerifyAccessToken {
  // The lookup itself is cached, not only its answer: ten thousand screens reconnecting at once
  // after a restart ask for a few organizations, and wait for one query each (LIVE-27).
  const customers = new Map<string, { id: Promise<string | undefined>; until: number }>();
  function customerForOrg(orgId: string): Promise<string | undefined> {
    const cached = customers.get(orgId);
    if (cached && cached.until > Date.now()) return cached.id;
    const id = findCustomerIdByOrg(db, orgId);
    if (customers.size > 1000) customers.clear();
    customers.set(orgId, { id, until: Date.now() + 60_000 });
    // A failed lookup is not remembered: the next token asks again.
    id.catch(() => {
      if (customers.get(orgId)?.id === id) customers.delete(orgId);
    });
    return id;
  }

  // jose finds a token's key (the embedded provider's, or the issuer's JWKS, fetched and cached);
  // fast-jwt checks the signature and claims with Node's own crypto, not WebCrypto, with a verifier
  // made once per key: 80 µs of CPU a token instead of 180, which ten thousand screens coming back
  // after a restart spend at once (decision IDN-17).
  const verifiers = new WeakMap<object, (token: string) => unknown>();
  async function verifierFor(token: string): Promise<(token: string) => unknown> {
    const header = protectedHeaderOf(token);
    // jose's key sets choose by the header alone (kid, alg), and answer the same object for a key.
    const key = await keys(header as CompactJWSHeaderParameters, { payload: '', signature: '' });
    if (key instanceof Uint8Array) throw new AppError('UNAUTHORIZED', {});
    const known = verifiers.get(key);
    if (known) return known;
    const verify = createVerifier({
      key: publicKeyPem(key),
      algorithms: ['RS256'],
      allowedIss: [config.issuer, `${config.issuer}/`],
      allowedAud: config.audience,
      clockTolerance: 60_000,
      requiredClaims: ['exp', 'sub'],
    });
    verifiers.set(key, verify);
    return verify;
  }

  return async function verifyAccessToken(token) {
    if (token.length > 8192) throw new AppError('UNAUTHORIZED', {});
    try {
      const payload = (await verifierFor(token))(token) as Record<string, unknown>;
      const orgId = payload.org_id;
      const customerId = typeof orgId === 'string' ? await customerForOrg(orgId) : undefined;
      if (!customerId || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
        throw new AppError('UNAUTHORIZED', {});
      }
      return {
        customerId,
        subject: payload.sub,
        scopes: scopesOf(payload.scope),
        clientId: typeof payload.client_id === 'string' ? payload.client_id : undefined,
        expiresAt: payload.exp,
        ...(Number.isSafeInteger(payload.device_id) ? { deviceId: payload.device_id as number } : {}),
      };
    } catch (error) {
      // An unreachable database says nothing about the token: the caller may retry (FND-20, LIVE-12).
      if (isDatabaseUnavailable(error)) throw new AppError('SERVICE_UNAVAILABLE', {});
      if (error instanceof AppError || error instanceof TokenError || error instanceof joseErrors.JOSEError)
        throw new AppError('UNAUTHORIZED', {});
      throw error;
    }
  };
}

/** Distinct `scope` claims remembered, each with its one set: ten thousand screens' tokens share a few. */
const SCOPE_SETS_KEPT = 1_000;
const scopeSets = new Map<string, ReadonlySet<string>>();

/** A token's scopes, one frozen set per distinct claim instead of one per token (LIVE-31). */
function scopesOf(scope: unknown): ReadonlySet<string> {
  if (typeof scope !== 'string') return parseScope(scope);
  let scopes = scopeSets.get(scope);
  if (!scopes) {
    scopes = Object.freeze(parseScope(scope));
    if (scopeSets.size >= SCOPE_SETS_KEPT) scopeSets.clear();
    scopeSets.set(scope, scopes);
  }
  return scopes;
}

/** A token's header; anything that is not a JWS's header is the caller's mistake, 401. */
function protectedHeaderOf(token: string): ReturnType<typeof decodeProtectedHeader> {
  try {
    return decodeProtectedHeader(token);
  } catch {
    throw new AppError('UNAUTHORIZED', {});
  }
}

/** A key as jose answers it, in the PEM text fast-jwt takes. */
function publicKeyPem(key: object): string {
  const object =
    key instanceof KeyObject
      ? key
      : 'kty' in key
        ? createPublicKey({ key: key as JsonWebKey, format: 'jwk' })
        : KeyObject.from(key as webcrypto.CryptoKey);
  return String(object.export({ type: 'spki', format: 'pem' }));
}
