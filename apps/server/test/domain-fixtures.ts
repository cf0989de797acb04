import { seedDemoData } from '../src/demo/seed.ts';
import { AppError } from '../src/errors/app-error.ts';
import { insertCustomerIfMissing } from '../src/store/customers.ts';
import { type Db, migrateToLatest, openDatabase } from '../src/store/database.ts';
import { createMigratedTestDatabase } from './test-database.ts';

/** A fresh, migrated database for one test file (a copy of the run's template). */
export async function openTestDomain(): Promise<{ db: Db; url: string }> {
  const url = await createMigratedTestDatabase();
  const db = openDatabase(url);
  await migrateToLatest(db);
  return { db, url };
}

/** A customer with the demo care setting (site, workflows, ~40 visits, assets, four boards). */
export async function seedCustomer(db: Db, id: string, now = new Date()): Promise<void> {
  await insertCustomerIfMissing(db, { id, auth_org_id: `org_${id}`, auth_device_client_id: `${id}-device` });
  await seedDemoData(db, id, { now });
}

export async function countChanges(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('change_log')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The AppError a call rejects with, or a failure naming what happened instead. */
export async function appErrorOf(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw new Error(`Expected an AppError, got ${String(error)}`, { cause: error });
  }
  throw new Error('Expected an AppError, but the call succeeded.');
}

/**
 * When the newest change that may touch a board was committed, or null when none has: read alone,
 * the way to check what the server reads for many boards at once (`findLastChangesAt`, LIVE-34).
 */
export async function findLastChangeAt(db: Db, customerId: string, boardId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('change_log')
    .select('created_at')
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('board_ids', 'is', null), eb(eb.val(boardId), '=', eb.fn.any('board_ids'))]))
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
