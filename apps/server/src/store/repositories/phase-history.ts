import type { Db } from '../database.ts';

export interface PhaseStayRow {
  readonly visit_id: number;
  readonly phase_id: number;
  readonly entered_at: Date;
  /** Null while the visit is still in the phase. */
  readonly left_at: Date | null;
}

/** Records stays (the seed writes a day's history at once). */
export async function insertPhaseStays(
  db: Db,
  customerId: string,
  stays: readonly PhaseStayRow[],
): Promise<void> {
  if (stays.length === 0) return;
  await db
    .insertInto('visit_phase_history')
    .values(stays.map((stay) => ({ ...stay, customer_id: customerId })))
    .execute();
}

/** Ends the visit's open stay, if it has one. */
export async function closePhaseStay(
  db: Db,
  customerId: string,
  visitId: number,
  leftAt: Date,
): Promise<void> {
  await db
    .updateTable('visit_phase_history')
    .set({ left_at: leftAt })
    .where('customer_id', '=', customerId)
    .where('visit_id', '=', visitId)
    .where('left_at', 'is', null)
    .execute();
}

export async function openPhaseStay(
  db: Db,
  customerId: string,
  stay: { visit_id: number; phase_id: number; entered_at: Date },
): Promise<void> {
  await insertPhaseStays(db, customerId, [{ ...stay, left_at: null }]);
}

/** A visit's stays, oldest first. */
export async function listVisitPhaseStays(
  db: Db,
  customerId: string,
  visitId: number,
): Promise<PhaseStayRow[]> {
  return db
    .selectFrom('visit_phase_history')
    .select(['visit_id', 'phase_id', 'entered_at', 'left_at'])
    .where('customer_id', '=', customerId)
    .where('visit_id', '=', visitId)
    .orderBy('entered_at')
    .orderBy('id')
    .execute();
}

/** Stays that ended at or after `since` (the start of a site's day): input for average durations. */
export async function listPhaseStaysEndedSince(
  db: Db,
  customerId: string,
  since: Date,
  phaseIds?: readonly number[],
): Promise<PhaseStayRow[]> {
  let query = db
    .selectFrom('visit_phase_history')
    .select(['visit_id', 'phase_id', 'entered_at', 'left_at'])
    .where('customer_id', '=', customerId)
    .where('left_at', '>=', since);
  if (phaseIds) {
    if (phaseIds.length === 0) return [];
    query = query.where('phase_id', 'in', phaseIds);
  }
  return query.orderBy('left_at').execute();
}

/** The visit's latest stay (open or closed), if any. */
export async function findLastPhaseStay(
  db: Db,
  customerId: string,
  visitId: number,
): Promise<{ id: number; phase_id: number } | undefined> {
  return db
    .selectFrom('visit_phase_history')
    .select(['id', 'phase_id'])
    .where('customer_id', '=', customerId)
    .where('visit_id', '=', visitId)
    .orderBy('entered_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Opens a closed stay again, as if it had not ended (a cancelled discharge). */
export async function reopenPhaseStay(db: Db, customerId: string, stayId: number): Promise<void> {
  await db
    .updateTable('visit_phase_history')
    .set({ left_at: null })
    .where('customer_id', '=', customerId)
    .where('id', '=', stayId)
    .execute();
}
