import type { Kysely } from 'kysely';
import { runStatements } from './domain/ddl.ts';

/**
 * Retention (decisions BOF-55 to BOF-57): how long each customer keeps its completed visits'
 * names (30 days unless set), its feeds' stored messages (30 days, the longest FEED-07 kept them)
 * and its audit events (6 years); when a visit or an expected patient's row lost its names
 * (`names_removed_at`: the row stays for the averages); and how far the audit stream has sent
 * the audit log to each SIEM (`audit_syslog_cursors`, by `audit_events.id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE customers
      ADD COLUMN visit_name_retention_days integer NOT NULL DEFAULT 30
        CHECK (visit_name_retention_days BETWEEN 1 AND 3650),
      ADD COLUMN feed_message_retention_days integer NOT NULL DEFAULT 30
        CHECK (feed_message_retention_days BETWEEN 1 AND 365),
      ADD COLUMN audit_retention_years integer NOT NULL DEFAULT 6
        CHECK (audit_retention_years BETWEEN 1 AND 30)`,
    'ALTER TABLE visits ADD COLUMN names_removed_at timestamptz',
    // What the pruning run looks for: completed visits that still have their names.
    `CREATE INDEX visits_named_completed ON visits (customer_id, completed_at)
      WHERE completed_at IS NOT NULL AND names_removed_at IS NULL`,
    'ALTER TABLE expected_visits ADD COLUMN names_removed_at timestamptz',
    // The export reads a customer's events by time; retention deletes its oldest.
    'CREATE INDEX audit_events_customer_at ON audit_events (customer_id, at, id)',
    `CREATE TABLE audit_syslog_cursors (
      destination text PRIMARY KEY,
      last_id bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP TABLE audit_syslog_cursors',
    'DROP INDEX audit_events_customer_at',
    'ALTER TABLE expected_visits DROP COLUMN names_removed_at',
    'DROP INDEX visits_named_completed',
    'ALTER TABLE visits DROP COLUMN names_removed_at',
    `ALTER TABLE customers DROP COLUMN visit_name_retention_days,
      DROP COLUMN feed_message_retention_days, DROP COLUMN audit_retention_years`,
  ]);
}
