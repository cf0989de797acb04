import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../store/database.ts';

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
  await db
    .insertInto('identity_keys')
    .values({ kid, use: 'sig', material: JSON.stringify({ ...jwk, kid, alg: 'RS256', use: 'sig' }) })
    .execute();
  return kid;
}

export async function addCookieKey(db: Db): Promise<string> {
  const kid = randomBytes(8).toString('hex');
  await db
    .insertInto('identity_keys')
    .values({
      kid,
      use: 'cookie',
      material: JSON.stringify({ secret: randomBytes(32).toString('base64url') }),
    })
    .execute();
  return kid;
}

/**
 * The active keys; on first start a signing key and a cookie key are made.
 * Two servers starting at once on a fresh store may both make one: harmless,
 * every active key verifies.
 */
export async function loadOrCreateKeys(db: Db): Promise<IdentityKeys> {
  let rows = await activeKeys(db);
  if (!rows.some((row) => row.use === 'sig')) await addSigningKey(db);
  if (!rows.some((row) => row.use === 'cookie')) await addCookieKey(db);
  rows = await activeKeys(db);
  return Object.freeze({
    signing: rows.filter((row) => row.use === 'sig').map((row) => row.material as JWK),
    cookies: rows.filter((row) => row.use === 'cookie').map((row) => String(row.material.secret)),
  });
}

function activeKeys(db: Db) {
  return db
    .selectFrom('identity_keys')
    .select(['kid', 'use', 'material'])
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .execute();
}

/** Stops a key from signing or verifying (after its tokens have expired). */
export async function retireKey(db: Db, kid: string): Promise<boolean> {
  const result = await db
    .updateTable('identity_keys')
    .set({ retired_at: new Date() })
    .where('kid', '=', kid)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
