import type { Kysely } from 'kysely';
import { ownedColumns, runStatements, sameCustomer } from './ddl.ts';

/** Where care happens: sites, departments, workflows with ordered phases, locations, stations. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE sites (
      ${ownedColumns('sites')},
      name text NOT NULL,
      default_timezone text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT sites_name_key UNIQUE (customer_id, name)
    )`,
    `CREATE TABLE departments (
      ${ownedColumns('departments')},
      site_id integer NOT NULL,
      name text NOT NULL,
      ${sameCustomer('site_id', 'sites')},
      CONSTRAINT departments_name_key UNIQUE (customer_id, site_id, name)
    )`,
    `CREATE TABLE workflows (
      ${ownedColumns('workflows')},
      department_id integer NOT NULL,
      name text NOT NULL,
      ${sameCustomer('department_id', 'departments')},
      CONSTRAINT workflows_name_key UNIQUE (customer_id, name)
    )`,
    // (customer_id, workflow_id, id) is unique so a visit's phase must belong to its workflow.
    `CREATE TABLE phases (
      ${ownedColumns('phases')},
      workflow_id integer NOT NULL,
      name text NOT NULL,
      position integer NOT NULL CHECK (position >= 0),
      color text NOT NULL CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
      estimated_duration_sec integer CHECK (estimated_duration_sec > 0),
      kind text NOT NULL,
      supplementary_announcement text,
      ${sameCustomer('workflow_id', 'workflows', 'CASCADE')},
      CONSTRAINT phases_workflow_phase_key UNIQUE (customer_id, workflow_id, id),
      CONSTRAINT phases_position_key UNIQUE (customer_id, workflow_id, position),
      CONSTRAINT phases_name_key UNIQUE (customer_id, workflow_id, name)
    )`,
    `CREATE TABLE locations (
      ${ownedColumns('locations')},
      name text NOT NULL,
      kind text NOT NULL,
      CONSTRAINT locations_name_key UNIQUE (customer_id, name)
    )`,
    `CREATE TABLE stations (
      ${ownedColumns('stations')},
      location_id integer NOT NULL,
      name text NOT NULL,
      ${sameCustomer('location_id', 'locations')},
      CONSTRAINT stations_name_key UNIQUE (customer_id, name)
    )`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP TABLE stations',
    'DROP TABLE locations',
    'DROP TABLE phases',
    'DROP TABLE workflows',
    'DROP TABLE departments',
    'DROP TABLE sites',
  ]);
}
