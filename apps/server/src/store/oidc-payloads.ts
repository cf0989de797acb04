import { sql } from 'kysely';
import type { Db } from './database.ts';

/** One stored artifact of the identity provider (grant, token, code, session, interaction…). */
export interface OidcPayloadRow {
  readonly type: string;
  readonly id: string;
  /** The payload as JSON text. */
  readonly payload: string;
  readonly grant_id: string | null;
  readonly user_code: string | null;
  readonly uid: string | null;
  readonly expires_at: Date | null;
}

/** Inserts the artifact, or replaces the one of that type and id. */
export async function upsertOidcPayload(db: Db, row: OidcPayloadRow): Promise<void> {
  await db
    .insertInto('oidc_payloads')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['type', 'id']).doUpdateSet({
        payload: row.payload,
        grant_id: row.grant_id,
        user_code: row.user_code,
        uid: row.uid,
        expires_at: row.expires_at,
      }),
    )
    .execute();
}

/** An artifact of this type by id, user code or uid; expired ones included. */
export async function findOidcPayload(
  db: Db,
  type: string,
  column: 'id' | 'user_code' | 'uid',
  value: string,
): Promise<{ payload: Record<string, unknown>; consumed_at: Date | null; reuses: number } | undefined> {
  return db
    .selectFrom('oidc_payloads')
    .select(['payload', 'consumed_at', 'reuses'])
    .where('type', '=', type)
    .where(column, '=', value)
    .executeTakeFirst();
}

/**
 * Marks the artifact consumed if nobody has yet, in one statement: of two
 * concurrent consumers exactly one gets `true` (the other `false`, as for a
 * missing row).
 */
export async function markOidcPayloadConsumed(db: Db, type: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable('oidc_payloads')
    .set({ consumed_at: new Date() })
    .where('type', '=', type)
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the artifact consumed, or counts one more use of it when it was consumed at or after
 * `since` and has been used again fewer than `maxReuses` times, in one statement; `false` when
 * neither (consumed earlier, used again too often, or missing). Concurrent callers queue on the
 * row, and each sees the count the one before it left (decision IDN-19).
 */
export async function markOidcPayloadUsed(
  db: Db,
  type: string,
  id: string,
  reuse: { readonly now: Date; readonly since: Date; readonly maxReuses: number },
): Promise<boolean> {
  const row = await db
    .updateTable('oidc_payloads')
    .set({
      consumed_at: sql<Date>`coalesce(consumed_at, ${reuse.now})`,
      reuses: sql<number>`CASE WHEN consumed_at IS NULL THEN reuses ELSE reuses + 1 END`,
    })
    .where('type', '=', type)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('consumed_at', 'is', null),
        eb.and([eb('consumed_at', '>=', reuse.since), eb('reuses', '<', reuse.maxReuses)]),
      ]),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteOidcPayload(db: Db, type: string, id: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('type', '=', type).where('id', '=', id).execute();
}

/** Deletes the grant and its artifacts of these types; returns how many rows went. */
export async function deleteGrantPayloads(
  db: Db,
  grantId: string,
  grantTypes: readonly string[],
): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where((eb) =>
      eb.or([
        eb.and([eb('grant_id', '=', grantId), eb('type', 'in', [...grantTypes])]),
        eb.and([eb('type', '=', 'Grant'), eb('id', '=', grantId)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes artifacts that expired before `before`, those of the `late` types
 * only once they expired before `late.before`; returns how many.
 */
export async function deleteOidcPayloadsExpiredBefore(
  db: Db,
  before: Date,
  late: { readonly types: readonly string[]; readonly before: Date },
): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('expires_at', '<', before)
    .where((eb) => eb.or([eb('type', 'not in', [...late.types]), eb('expires_at', '<', late.before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
