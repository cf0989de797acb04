import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../store/database.ts';
import { findLastPhaseStay, openPhaseStay, reopenPhaseStay } from '../../store/repositories/phase-history.ts';
import {
  isBadgeWorn,
  isFamilyCodeInUse,
  isTagWorn,
  updateVisit,
  type Visit,
} from '../../store/repositories/visits.ts';
import { lockVisit, recordVisitChange } from '../active-visit.ts';
import { parseInput } from '../parse-input.ts';
import { idSchema } from '../schema-parts.ts';
import { runWrite } from '../write-transaction.ts';

export const reopenVisitInput = z.strictObject({ visit_id: idSchema });

export type ReopenVisitInput = z.input<typeof reopenVisitInput>;

/**
 * The EHR cancels a discharge (ADT A13): the completed visit is in progress again, in the
 * phase it left, its last stay open again as if it had not ended (decision FEED-18). A visit
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
    await updateVisit(trx, customerId, visit.id, { completed_at: null });
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
  if (visit.tag_id !== null && (await isTagWorn(trx, customerId, visit.tag_id))) {
    throw new AppError('TAG_IS_IN_USE', { kind: 'Tag' });
  }
}

/** The stay the discharge closed is open again; with none in the visit's phase, a new one from now. */
async function reopenLastStay(trx: Db, customerId: string, visit: Visit): Promise<void> {
  const last = await findLastPhaseStay(trx, customerId, visit.id);
  if (last && last.phase_id === visit.phase_id) {
    await reopenPhaseStay(trx, customerId, last.id);
    return;
  }
  await openPhaseStay(trx, customerId, {
    visit_id: visit.id,
    phase_id: visit.phase_id,
    entered_at: new Date(),
  });
}
