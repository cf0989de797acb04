import type { Kysely } from 'kysely';
import { runStatements } from './domain/ddl.ts';

/**
 * What a feed sends again is counted, not copied (decision FEED-56): an RTLS batch without a
 * batch id is known by the SHA-256 of its bytes, and a delivery of a message already stored adds
 * to its `repeats` instead of a row. Messages naming no customer we have are counted per
 * transport, not kept (FEED-57). The admin command's writes are audited (FND-36): a write that
 * belongs to no customer (a signing key) has a null customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE feed_messages
      ADD COLUMN body_sha256 bytea,
      ADD COLUMN repeats integer NOT NULL DEFAULT 0,
      ADD COLUMN last_repeat_at timestamptz`,
    `CREATE UNIQUE INDEX feed_messages_body_key ON feed_messages (customer_id, feed, body_sha256)
      WHERE body_sha256 IS NOT NULL AND customer_id IS NOT NULL`,
    // One row per feed and transport, whatever the names: a sender cannot make it grow.
    `CREATE TABLE feed_unknown_customers (
      feed text NOT NULL CHECK (feed IN ('rtls', 'hl7')),
      transport text NOT NULL CHECK (transport IN ('webhook', 'mqtt', 'mllp', 'demo')),
      messages bigint NOT NULL DEFAULT 0,
      first_at timestamptz NOT NULL DEFAULT now(),
      last_at timestamptz NOT NULL DEFAULT now(),
      last_customer text,
      PRIMARY KEY (feed, transport)
    )`,
    'ALTER TABLE audit_events ALTER COLUMN customer_id DROP NOT NULL',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DELETE FROM audit_events WHERE customer_id IS NULL',
    'ALTER TABLE audit_events ALTER COLUMN customer_id SET NOT NULL',
    'DROP TABLE feed_unknown_customers',
    'DROP INDEX feed_messages_body_key',
    'ALTER TABLE feed_messages DROP COLUMN body_sha256, DROP COLUMN repeats, DROP COLUMN last_repeat_at',
  ]);
}
