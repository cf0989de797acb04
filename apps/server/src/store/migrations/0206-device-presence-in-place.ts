import type { Kysely } from 'kysely';
import { runStatements } from './domain/ddl.ts';

/**
 * The presence heartbeat rewrites every held screen's `online_until` and `last_seen_at` every 5 s
 * (BOF-43). With no index on either, PostgreSQL updates the row in place on its page (a HOT
 * update, no new entry in any index), given room on the page: half of each page is left free
 * (decision LIVE-42). The lapsed-lease sweep reads the table instead of the index it drops.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP INDEX IF EXISTS devices_online_until',
    'ALTER TABLE devices SET (fillfactor = 50)',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE devices RESET (fillfactor)',
    'CREATE INDEX devices_online_until ON devices (online_until) WHERE online_until IS NOT NULL',
  ]);
}
