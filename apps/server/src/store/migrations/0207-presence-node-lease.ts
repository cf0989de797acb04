import type { Kysely } from 'kysely';
import { runStatements } from './domain/ddl.ts';

/**
 * A lease per node, not per screen (decision LIVE-53): a node renews its own row every 5 s, and an
 * online screen names the node that holds it (`online_node`), so the heartbeat writes one row
 * whatever the node's screens. A screen with no node (written before this) is online while its
 * `online_until` lasts, as before. No index on `online_node`: a screen's row is still updated in
 * place when it comes online (LIVE-42).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'CREATE TABLE presence_nodes (id uuid PRIMARY KEY, lease_until timestamptz NOT NULL)',
    'ALTER TABLE devices ADD COLUMN online_node uuid',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['ALTER TABLE devices DROP COLUMN online_node', 'DROP TABLE presence_nodes']);
}
