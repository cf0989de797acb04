import type { Kysely } from 'kysely';
import { ownedColumns, runStatements, sameCustomer } from './ddl.ts';
import { defaultStaffTypes } from './staff-type-defaults.ts';

const literal = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);

const defaultRows = defaultStaffTypes
  .map(([id, name, abbreviation]) => `(${id}, ${literal(name)}, ${literal(abbreviation)})`)
  .join(',\n');

/**
 * Staff types are editable per customer. A trigger gives every new customer, however
 * it is created, its copy of the defaults; customers that exist already get theirs here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE staff_types (
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      id smallint NOT NULL CHECK (id BETWEEN 1 AND 50),
      name text NOT NULL,
      abbreviation text,
      PRIMARY KEY (customer_id, id)
    )`,
    `CREATE FUNCTION careboard_default_staff_types(customer text) RETURNS void LANGUAGE sql AS $$
      INSERT INTO staff_types (customer_id, id, name, abbreviation)
      SELECT customer, d.id, d.name, d.abbreviation
      FROM (VALUES ${defaultRows}) AS d (id, name, abbreviation)
      ON CONFLICT DO NOTHING
    $$`,
    `CREATE FUNCTION careboard_customer_staff_types() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM careboard_default_staff_types(NEW.id);
        RETURN NEW;
      END
    $$`,
    `CREATE TRIGGER customers_staff_types AFTER INSERT ON customers
      FOR EACH ROW EXECUTE FUNCTION careboard_customer_staff_types()`,
    'SELECT careboard_default_staff_types(id) FROM customers',
    `CREATE TABLE tags (
      ${ownedColumns('tags')},
      label text NOT NULL,
      battery_low boolean NOT NULL DEFAULT false,
      last_seen_at timestamptz,
      CONSTRAINT tags_label_key UNIQUE (customer_id, label)
    )`,
    // A badge is what a patient or staff member wears; its tag is the transmitter inside.
    `CREATE TABLE badges (
      ${ownedColumns('badges')},
      label text NOT NULL,
      tag_id integer,
      ${sameCustomer('tag_id', 'tags')},
      CONSTRAINT badges_label_key UNIQUE (customer_id, label),
      CONSTRAINT badges_tag_key UNIQUE (customer_id, tag_id)
    )`,
    `CREATE TABLE staff (
      ${ownedColumns('staff')},
      display_name text NOT NULL,
      staff_type_id smallint NOT NULL,
      badge_id integer,
      FOREIGN KEY (customer_id, staff_type_id) REFERENCES staff_types (customer_id, id),
      ${sameCustomer('badge_id', 'badges')},
      CONSTRAINT staff_badge_key UNIQUE (customer_id, badge_id)
    )`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP TABLE staff',
    'DROP TABLE badges',
    'DROP TABLE tags',
    'DROP TRIGGER customers_staff_types ON customers',
    'DROP FUNCTION careboard_customer_staff_types()',
    'DROP FUNCTION careboard_default_staff_types(text)',
    'DROP TABLE staff_types',
  ]);
}
