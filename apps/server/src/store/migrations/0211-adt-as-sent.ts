import type { Kysely } from 'kysely';
import { runStatements } from './domain/ddl.ts';

/**
 * ADT as hospitals send it. A message is known by its sender and control id (MSH-3, MSH-4,
 * MSH-10; decision FEED-58), a repeat with other content is kept beside the one it repeats
 * (`repeat_of`) and its content is known by a hash; the bytes are kept as received with the
 * character set they were read in (FEED-59). A facility has a default character set, may be a
 * test facility that applies training and debugging messages (FEED-64). A point-of-care mapping
 * names any of PV1-3's components, matched trimmed and case-insensitively, and the catch-all
 * workflow is opt-in (FEED-63); points of care nobody mapped are counted per value. A visit made
 * by ADT remembers its patient's identifier (PID-3), so an admit of its visit number for another
 * patient is refused (FEED-62).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE feed_messages
      ADD COLUMN sending_application text,
      ADD COLUMN sending_facility text,
      ADD COLUMN content_sha256 bytea,
      ADD COLUMN repeat_of bigint REFERENCES feed_messages (id) ON DELETE CASCADE,
      ADD COLUMN body_bytes bytea,
      ADD COLUMN charset text,
      ADD COLUMN point_of_care text,
      DROP CONSTRAINT feed_messages_status_check,
      ADD CONSTRAINT feed_messages_status_check
        CHECK (status IN ('received', 'applied', 'ignored', 'duplicate', 'error', 'rejected'))`,
    'DROP INDEX feed_messages_control_key',
    `CREATE UNIQUE INDEX feed_messages_control_key ON feed_messages
      (customer_id, feed, coalesce(sending_application, ''), coalesce(sending_facility, ''), control_id)
      WHERE control_id IS NOT NULL AND customer_id IS NOT NULL AND repeat_of IS NULL`,
    `CREATE INDEX feed_messages_point_of_care ON feed_messages (customer_id, point_of_care)
      WHERE point_of_care IS NOT NULL AND status = 'ignored'`,
    `ALTER TABLE adt_facilities
      ADD COLUMN charset text,
      ADD COLUMN test_facility boolean NOT NULL DEFAULT false`,
    `ALTER TABLE adt_points_of_care
      ALTER COLUMN point_of_care DROP NOT NULL,
      ADD COLUMN room text,
      ADD COLUMN bed text,
      ADD COLUMN facility text,
      ADD COLUMN building text,
      ADD COLUMN floor text,
      DROP CONSTRAINT adt_points_of_care_key,
      ADD CONSTRAINT adt_points_of_care_names_one CHECK (
        coalesce(point_of_care, room, bed, facility, building, floor) IS NOT NULL)`,
    // One mapping per place as the feed compares it; a duplicate names the place (FEED-63).
    `ALTER TABLE adt_points_of_care ADD COLUMN place_key text GENERATED ALWAYS AS (
      lower(btrim(coalesce(point_of_care, ''))) || '^' || lower(btrim(coalesce(room, ''))) || '^' ||
      lower(btrim(coalesce(bed, ''))) || '^' || lower(btrim(coalesce(facility, ''))) || '^' ||
      lower(btrim(coalesce(building, ''))) || '^' || lower(btrim(coalesce(floor, '')))) STORED`,
    'ALTER TABLE adt_points_of_care ADD CONSTRAINT adt_points_of_care_key UNIQUE (customer_id, place_key)',
    // The catch-all was implicit: every unmapped point of care joined the default workflow.
    'ALTER TABLE customers ADD COLUMN adt_catch_all boolean NOT NULL DEFAULT false',
    // Points of care the feed brought and nothing maps, one row per value (PV1-3 as read, lower case).
    `CREATE TABLE adt_unmapped_points_of_care (
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      point_of_care text NOT NULL,
      messages integer NOT NULL DEFAULT 0,
      first_at timestamptz NOT NULL DEFAULT now(),
      last_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (customer_id, point_of_care)
    )`,
    'ALTER TABLE visits ADD COLUMN external_patient_id text',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE visits DROP COLUMN external_patient_id',
    'DROP TABLE adt_unmapped_points_of_care',
    'ALTER TABLE customers DROP COLUMN adt_catch_all',
    'DELETE FROM adt_points_of_care WHERE point_of_care IS NULL',
    `ALTER TABLE adt_points_of_care
      DROP CONSTRAINT adt_points_of_care_key,
      DROP COLUMN place_key,
      DROP CONSTRAINT adt_points_of_care_names_one,
      DROP COLUMN room, DROP COLUMN bed, DROP COLUMN facility, DROP COLUMN building, DROP COLUMN floor,
      ALTER COLUMN point_of_care SET NOT NULL,
      ADD CONSTRAINT adt_points_of_care_key UNIQUE (customer_id, point_of_care)`,
    'ALTER TABLE adt_facilities DROP COLUMN charset, DROP COLUMN test_facility',
    'DROP INDEX feed_messages_point_of_care',
    'DROP INDEX feed_messages_control_key',
    'DELETE FROM feed_messages WHERE repeat_of IS NOT NULL',
    `UPDATE feed_messages SET status = 'applied' WHERE status = 'ignored'`,
    `CREATE UNIQUE INDEX feed_messages_control_key ON feed_messages (customer_id, feed, control_id)
      WHERE control_id IS NOT NULL AND customer_id IS NOT NULL`,
    `ALTER TABLE feed_messages
      DROP CONSTRAINT feed_messages_status_check,
      ADD CONSTRAINT feed_messages_status_check
        CHECK (status IN ('received', 'applied', 'duplicate', 'error', 'rejected')),
      DROP COLUMN sending_application, DROP COLUMN sending_facility, DROP COLUMN content_sha256,
      DROP COLUMN repeat_of, DROP COLUMN body_bytes, DROP COLUMN charset, DROP COLUMN point_of_care`,
  ]);
}
