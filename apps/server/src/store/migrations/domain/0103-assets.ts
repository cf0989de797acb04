import type { Kysely } from 'kysely';
import { ownedColumns, runStatements, sameCustomer } from './ddl.ts';

/** Equipment: asset types, tagged assets at locations, PAR levels per location and type. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE asset_types (
      ${ownedColumns('asset_types')},
      name text NOT NULL,
      CONSTRAINT asset_types_name_key UNIQUE (customer_id, name)
    )`,
    `CREATE TABLE assets (
      ${ownedColumns('assets')},
      name text NOT NULL,
      asset_type_id integer NOT NULL,
      tag_id integer,
      location_id integer,
      ${sameCustomer('asset_type_id', 'asset_types')},
      ${sameCustomer('tag_id', 'tags')},
      ${sameCustomer('location_id', 'locations')},
      CONSTRAINT assets_name_key UNIQUE (customer_id, name),
      CONSTRAINT assets_tag_key UNIQUE (customer_id, tag_id)
    )`,
    'CREATE INDEX assets_location ON assets (customer_id, location_id)',
    `CREATE TABLE par_levels (
      ${ownedColumns('par_levels')},
      location_id integer NOT NULL,
      asset_type_id integer NOT NULL,
      min integer NOT NULL CHECK (min >= 0),
      max integer NOT NULL,
      ${sameCustomer('location_id', 'locations', 'CASCADE')},
      ${sameCustomer('asset_type_id', 'asset_types')},
      CONSTRAINT par_levels_min_max CHECK (max >= min),
      CONSTRAINT par_levels_location_asset_type_key UNIQUE (customer_id, location_id, asset_type_id)
    )`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP TABLE par_levels', 'DROP TABLE assets', 'DROP TABLE asset_types']);
}
