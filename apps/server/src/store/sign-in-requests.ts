import { sql } from 'kysely';
import type { Db } from './database.ts';

/** A sign-in sent to a connection's provider, waiting for its answer (IDN-24). */
export interface SignInRequest {
  readonly id: string;
  readonly connection_id: string;
  readonly interaction_uid: string | null;
  readonly test_by: string | null;
  readonly code_verifier: string | null;
  readonly nonce: string | null;
  readonly saml_request_id: string | null;
}

const columns = [
  'id',
  'connection_id',
  'interaction_uid',
  'test_by',
  'code_verifier',
  'nonce',
  'saml_request_id',
] as const;

export async function insertSignInRequest(
  db: Db,
  request: Pick<SignInRequest, 'id' | 'connection_id' | 'interaction_uid' | 'test_by'>,
  ttlSec: number,
): Promise<void> {
  await db
    .insertInto('sign_in_requests')
    .values({ ...request, expires_at: new Date(Date.now() + ttlSec * 1000) })
    .execute();
}

/**
 * Starts a request once: the first visit of its start address records its PKCE verifier and nonce
 * (or SAML request id); a second visit finds it started and gets nothing (IDN-24).
 */
export async function startSignInRequest(
  db: Db,
  id: string,
  connectionId: string,
  checks: { code_verifier?: string; nonce?: string; saml_request_id?: string },
): Promise<SignInRequest | undefined> {
  return db
    .updateTable('sign_in_requests')
    .set(checks)
    .where('id', '=', id)
    .where('connection_id', '=', connectionId)
    .where('code_verifier', 'is', null)
    .where('saml_request_id', 'is', null)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(columns)
    .executeTakeFirst();
}

/** The request before it starts: whether it exists, is this connection's and has time left. */
export async function findOpenSignInRequest(
  db: Db,
  id: string,
  connectionId: string,
): Promise<SignInRequest | undefined> {
  return db
    .selectFrom('sign_in_requests')
    .select(columns)
    .where('id', '=', id)
    .where('connection_id', '=', connectionId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Takes the answer's request once, in one conditional update: a second answer (a replay) finds none. */
export async function consumeSignInRequest(
  db: Db,
  id: string,
  connectionId: string,
): Promise<SignInRequest | undefined> {
  return db
    .updateTable('sign_in_requests')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('connection_id', '=', connectionId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(columns)
    .executeTakeFirst();
}

/** Records a SAML assertion's id; false when it was used before (a replay, IDN-28). */
export async function markAssertionSeen(
  db: Db,
  connectionId: string,
  assertionId: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .insertInto('saml_assertions_seen')
    .values({ connection_id: connectionId, assertion_id: assertionId, expires_at: expiresAt })
    .onConflict((conflict) => conflict.doNothing())
    .returning('assertion_id')
    .execute();
  return rows.length > 0;
}

/** Requests and assertion ids past their time: they go with the provider's own expired rows. */
export async function deleteExpiredSignInRequests(db: Db): Promise<void> {
  await db
    .deleteFrom('sign_in_requests')
    .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
  await db
    .deleteFrom('saml_assertions_seen')
    .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
}
