import type { Kysely } from 'kysely';
import { ownedColumns, runStatements, sameCustomer } from './domain/ddl.ts';

/**
 * Expected patients (decisions BRD-23, LIVE-63): a pre-admit (ADT A05, A14) or an appointment
 * (SIU) names a patient before they arrive, and a workflow board that asks for it
 * (`show_expected`) lists them. A row stays `expected` until the patient arrives (it then names
 * the visit made), or the EHR cancels it, reports a no-show or deletes it; ended rows are kept,
 * so a late message about one is told apart from one never seen. Under one external id (the
 * EHR's visit number or appointment id) at most one row is expected at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE expected_visits (
      ${ownedColumns('expected_visits')},
      workflow_id integer NOT NULL,
      external_id text NOT NULL,
      external_patient_id text,
      first_name text NOT NULL,
      last_name text NOT NULL,
      display_name text NOT NULL,
      expected_at timestamptz,
      location_id integer,
      source text NOT NULL CHECK (source IN ('adt', 'siu')),
      status text NOT NULL DEFAULT 'expected'
        CHECK (status IN ('expected', 'arrived', 'cancelled', 'no_show', 'deleted')),
      visit_id integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      ${sameCustomer('workflow_id', 'workflows', 'CASCADE')},
      ${sameCustomer('location_id', 'locations', 'SET NULL (location_id)')},
      ${sameCustomer('visit_id', 'visits', 'SET NULL (visit_id)')},
      -- ended exactly when no longer expected; only an arrival names a visit
      CONSTRAINT expected_visits_ended CHECK ((status = 'expected') = (ended_at IS NULL)),
      CONSTRAINT expected_visits_arrived_visit CHECK (visit_id IS NULL OR status = 'arrived')
    )`,
    `CREATE UNIQUE INDEX expected_visits_expected_key ON expected_visits (customer_id, external_id)
      WHERE status = 'expected'`,
    // What a workflow board reads (its workflows' expected rows) and what the EHR's next message finds.
    `CREATE INDEX expected_visits_workflow ON expected_visits (customer_id, workflow_id, expected_at)
      WHERE status = 'expected'`,
    'CREATE INDEX expected_visits_external_id ON expected_visits (customer_id, external_id, ended_at DESC)',
    'ALTER TABLE display_boards ADD COLUMN show_expected boolean NOT NULL DEFAULT false',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE display_boards DROP COLUMN show_expected',
    'DROP TABLE expected_visits',
  ]);
}
