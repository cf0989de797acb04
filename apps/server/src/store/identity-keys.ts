import type { Db } from './database.ts';

export type IdentityKeyUse = 'sig' | 'cookie';

export interface NewIdentityKey {
  readonly kid: string;
  readonly use: IdentityKeyUse;
  /** The key as JSON text: a private JWK, or `{ secret }` for a cookie key. */
  readonly material: string;
}

export async function insertIdentityKey(db: Db, key: NewIdentityKey): Promise<void> {
  await db.insertInto('identity_keys').values(key).execute();
}

/** The keys not retired, newest first. */
export async function listActiveIdentityKeys(db: Db) {
  return db
    .selectFrom('identity_keys')
    .select(['kid', 'use', 'material'])
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .execute();
}

/** Every key, retired ones included, newest first (no material). */
export async function listIdentityKeys(db: Db) {
  return db
    .selectFrom('identity_keys')
    .select(['kid', 'use', 'created_at', 'retired_at'])
    .orderBy('created_at', 'desc')
    .execute();
}

/** Stops a key from signing or verifying (after its tokens have expired); returns whether it was active. */
export async function retireIdentityKey(db: Db, kid: string): Promise<boolean> {
  const result = await db
    .updateTable('identity_keys')
    .set({ retired_at: new Date() })
    .where('kid', '=', kid)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
