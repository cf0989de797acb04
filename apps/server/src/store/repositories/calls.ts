import type { Db } from '../database.ts';

export interface Call {
  readonly id: number;
  readonly visit_id: number;
  readonly station_id: number;
  readonly called_at: Date;
  readonly called_by: string | null;
}

const callColumns = ['id', 'visit_id', 'station_id', 'called_at', 'called_by'] as const;

export async function insertCall(db: Db, customerId: string, call: Omit<Call, 'id'>): Promise<Call> {
  return db
    .insertInto('calls')
    .values({ ...call, customer_id: customerId })
    .returning(callColumns)
    .executeTakeFirstOrThrow();
}

export async function findCall(db: Db, customerId: string, id: number): Promise<Call | undefined> {
  return db
    .selectFrom('calls')
    .select(callColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The latest calls, newest first. */
export async function listRecentCalls(db: Db, customerId: string, limit = 20): Promise<Call[]> {
  return db
    .selectFrom('calls')
    .select(callColumns)
    .where('customer_id', '=', customerId)
    .orderBy('called_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
