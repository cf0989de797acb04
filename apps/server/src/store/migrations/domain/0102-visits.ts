import type { Kysely } from 'kysely';
import { ownedColumns, runStatements, sameCustomer } from './ddl.ts';

/** Patient visits, who is with them, their phase history, and calls to stations. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE visits (
      ${ownedColumns('visits')},
      first_name text NOT NULL,
      last_name text NOT NULL,
      display_name text NOT NULL,
      family_code text NOT NULL,
      tag_id integer,
      badge_id integer,
      workflow_id integer NOT NULL,
      phase_id integer NOT NULL,
      phase_entered_at timestamptz NOT NULL,
      location_id integer,
      station_id integer,
      arrived_at timestamptz NOT NULL,
      completed_at timestamptz,
      ${sameCustomer('tag_id', 'tags')},
      ${sameCustomer('badge_id', 'badges')},
      ${sameCustomer('workflow_id', 'workflows')},
      -- the phase must be one of the visit's workflow
      FOREIGN KEY (customer_id, workflow_id, phase_id) REFERENCES phases (customer_id, workflow_id, id),
      ${sameCustomer('location_id', 'locations')},
      ${sameCustomer('station_id', 'stations')},
      CHECK (completed_at IS NULL OR completed_at >= arrived_at)
    )`,
    // Among visits in progress a family code, a tag and a badge each name one patient.
    `CREATE UNIQUE INDEX visits_active_family_code_key ON visits (customer_id, family_code)
      WHERE completed_at IS NULL`,
    'CREATE UNIQUE INDEX visits_active_tag_key ON visits (customer_id, tag_id) WHERE completed_at IS NULL',
    'CREATE UNIQUE INDEX visits_active_badge_key ON visits (customer_id, badge_id) WHERE completed_at IS NULL',
    'CREATE INDEX visits_active_workflow ON visits (customer_id, workflow_id) WHERE completed_at IS NULL',
    `CREATE TABLE visit_staff (
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      visit_id integer NOT NULL,
      staff_id integer NOT NULL,
      PRIMARY KEY (visit_id, staff_id),
      ${sameCustomer('visit_id', 'visits', 'CASCADE')},
      ${sameCustomer('staff_id', 'staff', 'CASCADE')}
    )`,
    // One row per stay in a phase; left_at is null while the visit is still in it.
    `CREATE TABLE visit_phase_history (
      ${ownedColumns('visit_phase_history')},
      visit_id integer NOT NULL,
      phase_id integer NOT NULL,
      entered_at timestamptz NOT NULL,
      left_at timestamptz,
      ${sameCustomer('visit_id', 'visits', 'CASCADE')},
      ${sameCustomer('phase_id', 'phases', 'CASCADE')},
      CHECK (left_at IS NULL OR left_at >= entered_at)
    )`,
    'CREATE UNIQUE INDEX visit_phase_history_open_key ON visit_phase_history (visit_id) WHERE left_at IS NULL',
    'CREATE INDEX visit_phase_history_left ON visit_phase_history (customer_id, left_at)',
    `CREATE TABLE calls (
      ${ownedColumns('calls')},
      visit_id integer NOT NULL,
      station_id integer NOT NULL,
      called_at timestamptz NOT NULL,
      called_by text,
      ${sameCustomer('visit_id', 'visits', 'CASCADE')},
      ${sameCustomer('station_id', 'stations', 'CASCADE')}
    )`,
    'CREATE INDEX calls_recent ON calls (customer_id, called_at DESC)',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP TABLE calls',
    'DROP TABLE visit_phase_history',
    'DROP TABLE visit_staff',
    'DROP TABLE visits',
  ]);
}
