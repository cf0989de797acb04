import type { Kysely } from 'kysely';
import { ownedColumns, runStatements } from './domain/ddl.ts';

/**
 * Who may send a receiving facility's ADT (decision FEED-52): each sender names MSH-3 (sending
 * application) and MSH-4 (sending facility), null for any, and the addresses or CIDR ranges it
 * may connect from. A facility mapped before this has no sender, so its messages are refused
 * until an admin lists one (FEED-53). A demo customer that relied on MSH-6 naming its id is
 * given what a new demo gets: the facility `demo`, any sender from loopback.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE adt_facilities ADD CONSTRAINT adt_facilities_customer_facility_key UNIQUE (customer_id, facility)',
    `CREATE TABLE adt_senders (
      ${ownedColumns('adt_senders')},
      facility text NOT NULL,
      sending_application text,
      sending_facility text,
      addresses text[] NOT NULL CHECK (cardinality(addresses) BETWEEN 1 AND 32),
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (customer_id, facility) REFERENCES adt_facilities (customer_id, facility) ON DELETE CASCADE
    )`,
    'CREATE INDEX adt_senders_facility ON adt_senders (customer_id, facility)',
    // One statement: only a facility made here gets the loopback sender, never one an admin made.
    `WITH added AS (
       INSERT INTO adt_facilities (facility, customer_id)
       SELECT 'demo', 'demo' FROM customers
        WHERE id = 'demo' AND NOT EXISTS (SELECT 1 FROM adt_facilities WHERE customer_id = 'demo')
       ON CONFLICT DO NOTHING
       RETURNING facility, customer_id)
     INSERT INTO adt_senders (customer_id, facility, addresses)
     SELECT customer_id, facility, ARRAY['127.0.0.0/8', '::1/128'] FROM added`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP TABLE adt_senders',
    'ALTER TABLE adt_facilities DROP CONSTRAINT adt_facilities_customer_facility_key',
  ]);
}
