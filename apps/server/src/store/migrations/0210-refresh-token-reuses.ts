import type { Kysely } from 'kysely';

/**
 * How many times a consumed refresh token was presented again within its grace: a retry of a
 * refresh gets tokens of the same grant a few times, then the next one is theft (decision IDN-19).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('oidc_payloads')
    .addColumn('reuses', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oidc_payloads').dropColumn('reuses').execute();
}
