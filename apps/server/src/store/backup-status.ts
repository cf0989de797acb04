import type { Db } from './database.ts';

export interface BackupStatus {
  readonly last_success_at: Date | null;
  readonly last_failure_at: Date | null;
}

/** Notes a scheduled backup's outcome (decision FND-47). */
export async function recordBackupOutcome(
  db: Db,
  outcome: { readonly at: Date; readonly failure?: string },
): Promise<void> {
  const values = outcome.failure
    ? { last_failure_at: outcome.at, last_failure_reason: outcome.failure }
    : { last_success_at: outcome.at };
  await db
    .insertInto('backup_status')
    .values({ id: 1, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

export async function readBackupStatus(db: Db): Promise<BackupStatus> {
  const row = await db
    .selectFrom('backup_status')
    .select(['last_success_at', 'last_failure_at'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ?? { last_success_at: null, last_failure_at: null };
}
