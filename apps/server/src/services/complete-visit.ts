import { z } from 'zod';
import type { Db } from '../store/database.ts';
import { closePhaseStay } from '../store/repositories/phase-history.ts';
import { updateVisit, type Visit } from '../store/repositories/visits.ts';
import { lockVisit, recordVisitChange, reloadVisit } from './active-visit.ts';
import { parseInput } from './parse-input.ts';
import { idSchema } from './schema-parts.ts';
import { runWrite } from './write-transaction.ts';

export const completeVisitInput = z.strictObject({ visit_id: idSchema });

export type CompleteVisitInput = z.input<typeof completeVisitInput>;

/**
 * The patient leaves: the visit is completed and its last stay closed. Completing a
 * completed visit changes nothing (a retried request is harmless).
 */
export async function completeVisit(
  db: Db,
  customerId: string,
  input: CompleteVisitInput,
  now: Date = new Date(),
): Promise<Visit> {
  const data = parseInput(completeVisitInput, input);
  return runWrite(db, async (trx) => {
    const visit = await lockVisit(trx, customerId, data.visit_id);
    if (visit.completed_at !== null) return visit;
    await updateVisit(trx, customerId, visit.id, { completed_at: now });
    await closePhaseStay(trx, customerId, visit.id, now);
    await recordVisitChange(trx, customerId, visit, 'update');
    return reloadVisit(trx, customerId, visit.id);
  });
}
