import type { Kysely } from 'kysely';
import { runStatements } from './ddl.ts';

/**
 * Every committed domain write leaves one row per changed entity here, in the same
 * transaction; the live layer reads it by version (store/change-log.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE change_log (
      version bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      entity text NOT NULL,
      entity_id integer NOT NULL,
      action text NOT NULL CHECK (action IN ('insert', 'update', 'delete')),
      board_ids integer[],
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX change_log_customer_version ON change_log (customer_id, version)',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP TABLE change_log']);
}
