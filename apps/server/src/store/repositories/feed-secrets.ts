import { sql } from 'kysely';
import type { Db } from '../database.ts';

/**
 * Makes or replaces the customer's RTLS webhook secret; the old one stops working at once.
 * Returns when it was made (the secret itself the caller already has).
 */
export async function saveRtlsSecret(
  db: Db,
  customerId: string,
  secret: string,
  createdBy: string | null,
): Promise<Date> {
  // A rotation is a new secret, made now (created_at is insert-only in the table's type).
  const { rows } = await sql<{ created_at: Date }>`
    INSERT INTO feed_secrets (customer_id, feed, secret, created_by)
    VALUES (${customerId}, 'rtls', ${secret}, ${createdBy})
    ON CONFLICT (customer_id, feed)
    DO UPDATE SET secret = EXCLUDED.secret, created_by = EXCLUDED.created_by, created_at = now()
    RETURNING created_at`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('The secret was not stored.');
  return row.created_at;
}

/** The customer's RTLS secret, to check a webhook's signature; undefined: none (or no such customer). */
export async function findRtlsSecret(db: Db, customerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('feed_secrets')
    .select('secret')
    .where('customer_id', '=', customerId)
    .where('feed', '=', 'rtls')
    .executeTakeFirst();
  return row?.secret;
}

/** Whether the customer has an RTLS secret and when it was made: never the secret. */
export async function findRtlsSecretStatus(db: Db, customerId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('feed_secrets')
    .select('created_at')
    .where('customer_id', '=', customerId)
    .where('feed', '=', 'rtls')
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** Whether a customer with this id exists (an MQTT topic names one). */
export async function customerExists(db: Db, customerId: string): Promise<boolean> {
  const row = await db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
  return row !== undefined;
}
