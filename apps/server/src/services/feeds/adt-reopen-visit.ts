import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../store/database.ts';
import { openPhaseStay } from '../../store/repositories/phase-history.ts';
import { isBadgeWorn, isFamilyCodeInUse, type Visit } from '../../store/repositories/visits.ts';
import { lockVisit, recordVisitChange } from '../active-visit.ts';
import { parseInput } from '../parse-input.ts';
import { idSchema } from '../schema-parts.ts';
import { runWrite } from '../write-transaction.ts';

export const reopenVisitInput = z.strictObject({ visit_id: idSchema });

export type ReopenVisitInput = z.input<typeof reopenVisitInput>;

/**
 * The EHR cancels a discharge (ADT A13): the completed visit is in progress again, in the
 * phase it left, its last stay open again as if it had not ended (decision FEED-30). A visit
 * in progress changes nothing (returns false). What only one visit in progress may hold (its
 * family code, tag, badge) and another now holds refuses the reopening with the catalogue's
 * error, before anything is written.
 */
export async function reopenVisit(db: Db, customerId: string, input: ReopenVisitInput): Promise<boolean> {
  const data = parseInput(reopenVisitInput, input);
  return runWrite(db, async (trx) => {
    const visit = await lockVisit(trx, customerId, data.visit_id);
    if (visit.completed_at === null) return false;
    await refuseConflicts(trx, customerId, visit);
    await trx
      .updateTable('visits')
      .set({ completed_at: null })
      .where('customer_id', '=', customerId)
      .where('id', '=', visit.id)
      .execute();
    await reopenLastStay(trx, customerId, visit);
    await recordVisitChange(trx, customerId, visit, 'update');
    return true;
  });
}

/** The partial unique indexes on visits in progress (migration 0102), checked by name. */
async function refuseConflicts(trx: Db, customerId: string, visit: Visit): Promise<void> {
  if (await isFamilyCodeInUse(trx, customerId, visit.family_code)) {
    throw new AppError('DUPLICATE_KEY', { entity: 'Visit', field: 'family_code', value: visit.family_code });
  }
  if (visit.badge_id !== null && (await isBadgeWorn(trx, customerId, visit.badge_id))) {
    throw new AppError('TAG_IS_IN_USE', { kind: 'Badge' });
  }
  if (visit.tag_id !== null) {
    const worn = await trx
      .selectFrom('visits')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('tag_id', '=', visit.tag_id)
      .where('completed_at', 'is', null)
      .executeTakeFirst();
    if (worn) throw new AppError('TAG_IS_IN_USE', { kind: 'Tag' });
  }
}

/** The stay the discharge closed is open again; with none in the visit's phase, a new one from now. */
async function reopenLastStay(trx: Db, customerId: string, visit: Visit): Promise<void> {
  const last = await trx
    .selectFrom('visit_phase_history')
    .select(['id', 'phase_id'])
    .where('customer_id', '=', customerId)
    .where('visit_id', '=', visit.id)
    .orderBy('entered_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (last && last.phase_id === visit.phase_id) {
    await trx
      .updateTable('visit_phase_history')
      .set({ left_at: null })
      .where('customer_id', '=', customerId)
      .where('id', '=', last.id)
      .execute();
    return;
  }
  await openPhaseStay(trx, customerId, {
    visit_id: visit.id,
    phase_id: visit.phase_id,
    entered_at: new Date(),
  });
}
