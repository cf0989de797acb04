import type pg from 'pg';
import type { BackupSequence, BackupTable } from './backup-file.ts';

/** Kysely's record of the migrations applied; a restore's own migrations write it again. */
export const MIGRATION_TABLE = 'kysely_migration';
const KYSELY_TABLES = [MIGRATION_TABLE, 'kysely_migration_lock'];

/**
 * The tables of the schema with the columns a COPY carries (generated ones are computed again),
 * by name. Their foreign keys are not an order to load them in: customers and workflows name
 * each other, so a restore lifts the keys while it loads and puts them back after
 * (foreignKeysOf).
 */
export async function listTables(client: pg.ClientBase): Promise<BackupTable[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name,
       array(SELECT a.attname::text FROM pg_attribute a
             WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
             ORDER BY a.attnum) AS columns
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> ALL ($1)
     ORDER BY c.relname`,
    [KYSELY_TABLES],
  );
  return rows;
}

export interface ForeignKey {
  readonly table: string;
  readonly name: string;
  /** As pg_get_constraintdef says it: `FOREIGN KEY (…) REFERENCES …`, with its actions. */
  readonly definition: string;
}

/** Every foreign key of the schema, to drop before a restore's load and add again after it. */
export async function foreignKeysOf(client: pg.ClientBase): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(
    `SELECT c.conrelid::regclass::text AS "table", c.conname AS name, pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c
     WHERE c.contype = 'f' AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
     ORDER BY 1, 2`,
  );
  return rows;
}

/** Every sequence of the schema that has handed out a value, with that value. */
export async function listSequences(client: pg.ClientBase): Promise<BackupSequence[]> {
  const { rows } = await client.query<{ name: string; value: string; bigint: boolean }>(
    `SELECT sequencename AS name, last_value::text AS value, data_type = 'bigint'::regtype AS bigint
     FROM pg_sequences WHERE schemaname = current_schema() AND last_value IS NOT NULL
     ORDER BY sequencename`,
  );
  return rows;
}

/** How many tables, views and sequences the schema holds: none in an empty database. */
export async function countRelations(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`,
  );
  return rows[0]?.count ?? 0;
}
