import type { Kysely } from 'kysely';
import { ownedColumns, runStatements, sameCustomer } from './domain/ddl.ts';

/**
 * The back office (product §8): what a tag is worn by or fixed to, RTLS sensors fixed in
 * locations, customer settings, and the audit log of every write and every read of a
 * patient's name (decisions BOF-01 to BOF-04). Numbered after 0201 so it runs last on
 * older databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // What a tag is: a patient badge, a staff badge or an asset tag (BOF-03). Existing tags
    // take the kind of what they are used for.
    `ALTER TABLE tags ADD COLUMN kind text NOT NULL DEFAULT 'patient_badge'
      CHECK (kind IN ('patient_badge', 'staff_badge', 'asset_tag'))`,
    `UPDATE tags t SET kind = 'asset_tag'
      WHERE EXISTS (SELECT 1 FROM assets a WHERE a.customer_id = t.customer_id AND a.tag_id = t.id)`,
    `UPDATE tags t SET kind = 'staff_badge'
      WHERE EXISTS (SELECT 1 FROM badges b JOIN staff s ON s.customer_id = b.customer_id AND s.badge_id = b.id
                    WHERE b.customer_id = t.customer_id AND b.tag_id = t.id)`,
    `CREATE TABLE sensors (
      ${ownedColumns('sensors')},
      identifier text NOT NULL,
      name text NOT NULL,
      location_id integer NOT NULL,
      ${sameCustomer('location_id', 'locations', 'CASCADE')},
      CONSTRAINT sensors_identifier_key UNIQUE (customer_id, identifier)
    )`,
    // How long a tag may go unseen before it is non-reporting (TAG_IS_NON_REPORTING); 10 minutes.
    'ALTER TABLE customers ADD COLUMN tag_non_reporting_sec integer NOT NULL DEFAULT 600 CHECK (tag_non_reporting_sec BETWEEN 60 AND 86400)',
    // Who did what, when and through which route: every write, and every read of a patient's name (BOF-02).
    `CREATE TABLE audit_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      at timestamptz NOT NULL DEFAULT now(),
      actor text NOT NULL,
      actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'device', 'feed', 'system')),
      action text NOT NULL CHECK (action IN ('create', 'update', 'delete', 'read')),
      entity text NOT NULL,
      entity_id text,
      route text NOT NULL,
      status smallint
    )`,
    'CREATE INDEX audit_events_customer ON audit_events (customer_id, id DESC)',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP TABLE audit_events',
    'ALTER TABLE customers DROP COLUMN tag_non_reporting_sec',
    'DROP TABLE sensors',
    'ALTER TABLE tags DROP COLUMN kind',
  ]);
}
