import { z } from 'zod';
import type { Db } from '../store/database.ts';
import { closePhaseStay, openPhaseStay } from '../store/repositories/phase-history.ts';
import { updateVisit, type Visit } from '../store/repositories/visits.ts';
import { lockActiveVisit, recordVisitChange, reloadVisit } from './active-visit.ts';
import { parseInput } from './parse-input.ts';
import { idSchema } from './schema-parts.ts';
import { runWrite } from './write-transaction.ts';

export const moveVisitToPhaseInput = z.strictObject({
  visit_id: idSchema,
  /** A phase of the visit's workflow. */
  phase_id: idSchema,
  /** Where the patient is now; left as it was when absent. */
  location_id: idSchema.nullable().optional(),
});

export type MoveVisitToPhaseInput = z.input<typeof moveVisitToPhaseInput>;

/**
 * Moves a visit in progress to another phase of its workflow: the time in phase
 * restarts, the stay it leaves is closed in the history (for average durations),
 * and its station call is over. Moving to the phase it is in changes only the
 * location, when one is given (decision API-08).
 */
export async function moveVisitToPhase(
  db: Db,
  customerId: string,
  input: MoveVisitToPhaseInput,
  now: Date = new Date(),
): Promise<Visit> {
  const data = parseInput(moveVisitToPhaseInput, input);
  return runWrite(db, async (trx) => {
    const visit = await lockActiveVisit(trx, customerId, data.visit_id);
    const locationChanges = data.location_id !== undefined && data.location_id !== visit.location_id;
    if (visit.phase_id === data.phase_id) {
      if (!locationChanges) return visit;
      // Same phase, new place: the time in phase and the history stay as they are.
      await updateVisit(trx, customerId, visit.id, { location_id: data.location_id ?? null });
      await recordVisitChange(trx, customerId, visit, 'update');
      return reloadVisit(trx, customerId, visit.id);
    }
    // The foreign key (customer, workflow, phase) refuses a phase of another workflow.
    await updateVisit(trx, customerId, visit.id, {
      phase_id: data.phase_id,
      phase_entered_at: now,
      station_id: null,
      ...(data.location_id !== undefined ? { location_id: data.location_id } : {}),
    });
    await closePhaseStay(trx, customerId, visit.id, now);
    await openPhaseStay(trx, customerId, { visit_id: visit.id, phase_id: data.phase_id, entered_at: now });
    await recordVisitChange(trx, customerId, visit, 'update');
    return reloadVisit(trx, customerId, visit.id);
  });
}
