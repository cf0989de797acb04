import type { Kysely } from 'kysely';
import { runStatements } from './domain/ddl.ts';

/**
 * Every tracking event (decisions FEED-68 to FEED-71): a visit remembers when the EHR says its
 * last applied event happened (`ehr_event_at`), so an older message cannot undo a newer state,
 * and since when the patient is on leave (`away_since`, A21 to A22); a facility says which PID-3
 * repetition is the patient's identifier (its identifier type and assigning authority), and
 * which appointment statuses (SCH-25) mean the patient has arrived (FEED-72).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE visits ADD COLUMN ehr_event_at timestamptz, ADD COLUMN away_since timestamptz',
    `ALTER TABLE adt_facilities
      ADD COLUMN patient_id_type text NOT NULL DEFAULT 'MR',
      ADD COLUMN patient_id_authority text,
      ADD COLUMN arrival_statuses text[] NOT NULL DEFAULT ARRAY['ARRIVED', 'CHECKED IN', 'CHECKEDIN', 'STARTED']`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE adt_facilities DROP COLUMN patient_id_type, DROP COLUMN patient_id_authority, DROP COLUMN arrival_statuses',
    'ALTER TABLE visits DROP COLUMN ehr_event_at, DROP COLUMN away_since',
  ]);
}
