import type { Kysely } from 'kysely';
import { ownedColumns, runStatements, sameCustomer } from './domain/ddl.ts';

/**
 * The feeds (decisions FEED-01 to FEED-03, product §10): RTLS sightings by signed webhook or
 * MQTT, HL7 v2 ADT over MLLP. Every message a feed brings is stored before it is acknowledged
 * (`feed_messages`, with its outcome and the reason of an error, kept for review); a tag keeps
 * where it was last seen; per-workflow rules move a visit when its badge enters a location of a
 * kind or a given location; ADT finds its customer by receiving facility and its workflow by point
 * of care; a visit keeps the EHR's id so later messages find it. Numbered after 0203 so it runs
 * last on older databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // The RTLS webhook's signing secret, one per customer, shown once when made or rotated.
    `CREATE TABLE feed_secrets (
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      feed text NOT NULL CHECK (feed IN ('rtls')),
      secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text,
      PRIMARY KEY (customer_id, feed)
    )`,
    // Every message a feed brought, stored before its answer. customer_id is null when the
    // message named no customer we have (kept for the operator's review).
    `CREATE TABLE feed_messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      customer_id text REFERENCES customers (id) ON DELETE CASCADE,
      feed text NOT NULL CHECK (feed IN ('rtls', 'hl7')),
      transport text NOT NULL CHECK (transport IN ('webhook', 'mqtt', 'mllp', 'demo')),
      control_id text,
      message_type text,
      received_at timestamptz NOT NULL DEFAULT now(),
      processed_at timestamptz,
      status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'applied', 'duplicate', 'error', 'rejected')),
      ack_code text CHECK (ack_code IN ('AA', 'AE', 'AR')),
      reason text,
      item_count integer NOT NULL DEFAULT 0,
      unknown_count integer NOT NULL DEFAULT 0,
      body text NOT NULL
    )`,
    'CREATE INDEX feed_messages_customer ON feed_messages (customer_id, feed, received_at DESC)',
    // A repeated control id (MSH-10) finds the message it repeats.
    `CREATE UNIQUE INDEX feed_messages_control_key ON feed_messages (customer_id, feed, control_id)
      WHERE control_id IS NOT NULL AND customer_id IS NOT NULL`,
    // Where a tag was last seen (its sensor's location) and by which sensor.
    `ALTER TABLE tags
      ADD COLUMN location_id integer,
      ADD COLUMN sensor_id integer,
      ADD CONSTRAINT tags_location_fkey ${sameCustomer('location_id', 'locations', 'SET NULL (location_id)')},
      ADD CONSTRAINT tags_sensor_fkey ${sameCustomer('sensor_id', 'sensors', 'SET NULL (sensor_id)')}`,
    'CREATE INDEX tags_location ON tags (customer_id, location_id) WHERE location_id IS NOT NULL',
    // A patient badge entering a location of a kind, or a given location, moves the visit to a phase.
    `CREATE TABLE feed_rules (
      ${ownedColumns('feed_rules')},
      workflow_id integer NOT NULL,
      location_kind text,
      location_id integer,
      phase_id integer NOT NULL,
      ${sameCustomer('workflow_id', 'workflows', 'CASCADE')},
      ${sameCustomer('location_id', 'locations', 'CASCADE')},
      FOREIGN KEY (customer_id, workflow_id, phase_id) REFERENCES phases (customer_id, workflow_id, id) ON DELETE CASCADE,
      CONSTRAINT feed_rules_one_place CHECK ((location_kind IS NULL) <> (location_id IS NULL))
    )`,
    `CREATE UNIQUE INDEX feed_rules_kind_key ON feed_rules (customer_id, workflow_id, location_kind)
      WHERE location_kind IS NOT NULL`,
    `CREATE UNIQUE INDEX feed_rules_location_key ON feed_rules (customer_id, workflow_id, location_id)
      WHERE location_id IS NOT NULL`,
    // MSH-6 names the customer by its id unless a facility is mapped to it.
    `CREATE TABLE adt_facilities (
      facility text PRIMARY KEY,
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX adt_facilities_customer ON adt_facilities (customer_id)',
    // PV1-3.1 (point of care) picks the workflow, and optionally the phase an A02 moves to.
    `CREATE TABLE adt_points_of_care (
      ${ownedColumns('adt_points_of_care')},
      point_of_care text NOT NULL,
      workflow_id integer NOT NULL,
      phase_id integer,
      ${sameCustomer('workflow_id', 'workflows', 'CASCADE')},
      FOREIGN KEY (customer_id, workflow_id, phase_id) REFERENCES phases (customer_id, workflow_id, id) ON DELETE SET NULL (phase_id),
      CONSTRAINT adt_points_of_care_key UNIQUE (customer_id, point_of_care)
    )`,
    // With no point-of-care mapping, an admitted visit joins this workflow at its first phase.
    `ALTER TABLE customers ADD COLUMN adt_workflow_id integer,
      ADD CONSTRAINT customers_adt_workflow_fkey FOREIGN KEY (id, adt_workflow_id)
        REFERENCES workflows (customer_id, id) ON DELETE SET NULL (adt_workflow_id)`,
    // The EHR's visit number (PV1-19, else PID-3) so later messages find the visit.
    'ALTER TABLE visits ADD COLUMN external_id text',
    'CREATE INDEX visits_external_id ON visits (customer_id, external_id) WHERE external_id IS NOT NULL',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP INDEX visits_external_id',
    'ALTER TABLE visits DROP COLUMN external_id',
    'ALTER TABLE customers DROP COLUMN adt_workflow_id',
    'DROP TABLE adt_points_of_care',
    'DROP TABLE adt_facilities',
    'DROP TABLE feed_rules',
    'DROP INDEX tags_location',
    `ALTER TABLE tags DROP CONSTRAINT tags_location_fkey, DROP CONSTRAINT tags_sensor_fkey,
      DROP COLUMN location_id, DROP COLUMN sensor_id`,
    'DROP TABLE feed_messages',
    'DROP TABLE feed_secrets',
  ]);
}
