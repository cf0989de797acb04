import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { lockUntilTransactionEnds } from '../store/advisory-lock.ts';
import type { Db } from '../store/database.ts';
import { insertIdentityKey, listActiveIdentityKeys } from '../store/identity-keys.ts';

export interface IdentityKeys {
  /** Private signing JWKs, newest first: the first signs, all verify. */
  readonly signing: readonly JWK[];
  /** Cookie keys, newest first: the first signs, all verify. */
  readonly cookies: readonly string[];
}

/** A new RS256 signing key, kept in the store; older keys stay until retired. */
export async function addSigningKey(db: Db): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  await insertIdentityKey(db, {
    kid,
    use: 'sig',
    material: JSON.stringify({ ...jwk, kid, alg: 'RS256', use: 'sig' }),
  });
  return kid;
}

export async function addCookieKey(db: Db): Promise<string> {
  const kid = randomBytes(8).toString('hex');
  await insertIdentityKey(db, {
    kid,
    use: 'cookie',
    material: JSON.stringify({ secret: randomBytes(32).toString('base64url') }),
  });
  return kid;
}

/**
 * The active keys; on first start a signing key and a cookie key are made. Two servers
 * starting at once on a fresh store (a cluster's processes, LIVE-21) make them one at a time
 * under a lock, so both load the same keys: each verifies what the other signs.
 */
export async function loadOrCreateKeys(db: Db): Promise<IdentityKeys> {
  await db.transaction().execute(async (trx) => {
    await lockUntilTransactionEnds(trx, 'careboard.identity-keys', 'first-start');
    const existing = await listActiveIdentityKeys(trx);
    if (!existing.some((row) => row.use === 'sig')) await addSigningKey(trx);
    if (!existing.some((row) => row.use === 'cookie')) await addCookieKey(trx);
  });
  const rows = await listActiveIdentityKeys(db);
  return Object.freeze({
    signing: rows.filter((row) => row.use === 'sig').map((row) => row.material as JWK),
    cookies: rows.filter((row) => row.use === 'cookie').map((row) => String(row.material.secret)),
  });
}
