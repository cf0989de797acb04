import type { Db } from '../../store/database.ts';
import { updateVisit } from '../../store/repositories/visits.ts';
import { lockActiveVisit, lockVisit, recordVisitChange } from '../active-visit.ts';
import { runWrite } from '../write-transaction.ts';

/**
 * What the EHR changes of a visit beyond its names and its place (decisions FEED-68 to
 * FEED-70): its identifiers after a merge, its leave of absence, and when its last event happened.
 */

/** A merge or a change of visit number (A06, A07, A18, A34 … A42): the identifiers later messages find it by. */
export async function setVisitIdentifiers(
  db: Db,
  customerId: string,
  visitId: number,
  ids: { readonly external_id?: string; readonly external_patient_id?: string | null },
): Promise<void> {
  await runWrite(db, async (trx) => {
    await lockVisit(trx, customerId, visitId);
    await updateVisit(trx, customerId, visitId, ids);
  });
}

/**
 * A21 (leave of absence) and A22 (back): the boards show the patient away since then, or here
 * again. Returns whether it changed.
 */
export async function setVisitAway(
  db: Db,
  customerId: string,
  visitId: number,
  awaySince: Date | null,
): Promise<boolean> {
  return runWrite(db, async (trx) => {
    const visit = await lockActiveVisit(trx, customerId, visitId);
    const { away_since: away } = await trx
      .selectFrom('visits')
      .select('away_since')
      .where('customer_id', '=', customerId)
      .where('id', '=', visitId)
      .executeTakeFirstOrThrow();
    if ((away === null) === (awaySince === null)) return false;
    await updateVisit(trx, customerId, visitId, { away_since: awaySince });
    await recordVisitChange(trx, customerId, visit, 'update');
    return true;
  });
}

/** When the EHR says the visit's last applied event happened: never earlier than it was (FEED-70). */
export async function markEhrEventAt(db: Db, customerId: string, visitId: number, at: Date): Promise<void> {
  await db
    .updateTable('visits')
    .set((eb) => ({ ehr_event_at: eb.fn('greatest', [eb.ref('ehr_event_at'), eb.val(at)]) }))
    .where('customer_id', '=', customerId)
    .where('id', '=', visitId)
    .execute();
}
