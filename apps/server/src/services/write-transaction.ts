import { toAppError } from '../errors/database-errors.ts';
import type { Db } from '../store/database.ts';

/**
 * Runs a service's writes in one transaction; a database error leaves it rolled
 * back and comes out as a catalogue error. Called with a transaction already open
 * (the demo seed, a caller composing services), the work joins it.
 */
export async function runWrite<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return db.isTransaction ? await work(db) : await db.transaction().execute(work);
  } catch (error) {
    throw toAppError(error);
  }
}
