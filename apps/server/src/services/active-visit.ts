import { AppError } from '../errors/app-error.ts';
import { type Change, recordChanges } from '../store/change-log.ts';
import type { Db } from '../store/database.ts';
import { boardIdsShowingWorkflows } from '../store/repositories/board-scope.ts';
import { findVisit, type Visit } from '../store/repositories/visits.ts';

/**
 * Locks a visit of the customer for this transaction, so two writers (the REST API
 * and the simulator) never move it at once. Unknown → ENTITY_NOT_FOUND; a completed
 * visit cannot change any more → IS_NOT_VALID.
 */
export async function lockActiveVisit(trx: Db, customerId: string, visitId: number): Promise<Visit> {
  const visit = await lockVisit(trx, customerId, visitId);
  if (visit.completed_at !== null) throw new AppError('IS_NOT_VALID', { field: 'visit_id' });
  return visit;
}

export async function lockVisit(trx: Db, customerId: string, visitId: number): Promise<Visit> {
  const visit = await findVisit(trx, customerId, visitId, { forUpdate: true });
  if (!visit) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Visit', id: visitId });
  return visit;
}

/** Records a visit's change (and any related ones) for the boards that show its workflow. */
export async function recordVisitChange(
  trx: Db,
  customerId: string,
  visit: Pick<Visit, 'id' | 'workflow_id'>,
  action: Change['action'],
  related: readonly Omit<Change, 'boardIds'>[] = [],
): Promise<void> {
  const boardIds = await boardIdsShowingWorkflows(trx, customerId, [visit.workflow_id]);
  await recordChanges(trx, customerId, [
    ...related.map((change) => ({ ...change, boardIds })),
    { entity: 'visit', entityId: visit.id, action, boardIds },
  ]);
}

/** The visit as stored after a write in this transaction. */
export async function reloadVisit(trx: Db, customerId: string, visitId: number): Promise<Visit> {
  const visit = await findVisit(trx, customerId, visitId);
  if (!visit) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Visit', id: visitId });
  return visit;
}
