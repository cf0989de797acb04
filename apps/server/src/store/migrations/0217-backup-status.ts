import type { Kysely } from 'kysely';
import { runStatements } from './domain/ddl.ts';

/**
 * The service's scheduled backups, last success and last failure (decision FND-47): one row for
 * the whole service, written by the node that makes them, read by every node for the console.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE backup_status (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      last_success_at timestamptz,
      last_failure_at timestamptz,
      last_failure_reason text
    )`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['DROP TABLE backup_status']);
}
