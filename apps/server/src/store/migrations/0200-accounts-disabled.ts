import type { Kysely } from 'kysely';

/**
 * An account can be disabled without deleting it (its activations and history
 * keep their author): a disabled account cannot sign in and its grants end at
 * their next use (decision IDN-13). Numbered after the domain's 01xx so it runs
 * last on databases made before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('disabled_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('disabled_at').execute();
}
