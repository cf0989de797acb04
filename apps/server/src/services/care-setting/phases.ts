import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../store/database.ts';
import { boardIdsListing, boardIdsListingOnly } from '../../store/repositories/care-setting-boards.ts';
import {
  deletePhase as deletePhaseRow,
  insertPhase,
  listPhaseIds,
  lockPhase,
  POSITION_OUT_OF_THE_WAY,
  setPhaseOrder,
  updatePhase as updatePhaseRow,
} from '../../store/repositories/phases.ts';
import { deleteCompletedVisits, hasActiveVisits } from '../../store/repositories/visits.ts';
import { findPhase, listPhases, lockWorkflow, type Phase } from '../../store/repositories/workflows.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { definedOnly, found, recordSettingChange } from './care-setting-changes.ts';
import {
  type AddPhaseInput,
  addPhaseInput,
  MAX_PHASES_PER_WORKFLOW,
  type ReorderPhasesInput,
  reorderPhasesInput,
  type UpdatePhaseInput,
  updatePhaseInput,
} from './inputs.ts';

/** Boards whose config names the phase or its workflow: they re-read it (BOF-13). */
async function boardsShowingPhase(trx: Db, customerId: string, phase: Phase): Promise<number[]> {
  return [
    ...(await boardIdsListing(trx, customerId, 'phase_ids', [phase.id])),
    ...(await boardIdsListing(trx, customerId, 'workflow_ids', [phase.workflow_id])),
  ];
}

/**
 * Adds a phase to a workflow: appended, or at `position` with the later ones moved down.
 * The workflow row is locked, so two additions never take the same position (BOF-09).
 */
export async function addPhase(
  db: Db,
  customerId: string,
  workflowId: number,
  input: AddPhaseInput,
): Promise<Phase> {
  const { position, ...fields } = parseInput(addPhaseInput, input);
  return runWrite(db, async (trx) => {
    found(await lockWorkflow(trx, customerId, workflowId), 'Workflow', workflowId);
    const ids = await listPhaseIds(trx, customerId, workflowId);
    if (ids.length >= MAX_PHASES_PER_WORKFLOW || (position !== undefined && position > ids.length)) {
      throw new AppError('IS_NOT_VALID', { field: 'position' });
    }
    const at = position ?? ids.length;
    const temporary = at === ids.length ? at : 2 * POSITION_OUT_OF_THE_WAY;
    const inserted = await insertPhase(trx, customerId, {
      ...fields,
      workflow_id: workflowId,
      position: temporary,
    });
    if (temporary !== at) {
      await setPhaseOrder(trx, customerId, workflowId, [...ids.slice(0, at), inserted.id, ...ids.slice(at)]);
    }
    const phase = found(await findPhase(trx, customerId, inserted.id), 'Phase', inserted.id);
    const boards = await boardsShowingPhase(trx, customerId, phase);
    await recordSettingChange(trx, customerId, { entity: 'phase', id: phase.id, action: 'insert' }, boards);
    return phase;
  });
}

/** Changes a phase's name, colour, estimate, kind or announcement; boards show it at once. */
export async function updatePhase(
  db: Db,
  customerId: string,
  id: number,
  input: UpdatePhaseInput,
): Promise<Phase> {
  const patch = definedOnly(parseInput(updatePhaseInput, input));
  return runWrite(db, async (trx) => {
    const phase = found(await updatePhaseRow(trx, customerId, id, patch), 'Phase', id);
    const boards = await boardsShowingPhase(trx, customerId, phase);
    await recordSettingChange(trx, customerId, { entity: 'phase', id, action: 'update' }, boards);
    return phase;
  });
}

/**
 * Puts a workflow's phases in the order of `phase_ids`, which must name each of its phases
 * once (else IS_NOT_VALID phase_ids). Returns them in the new order.
 */
export async function reorderPhases(
  db: Db,
  customerId: string,
  workflowId: number,
  input: ReorderPhasesInput,
): Promise<Phase[]> {
  const { phase_ids: order } = parseInput(reorderPhasesInput, input);
  return runWrite(db, async (trx) => {
    found(await lockWorkflow(trx, customerId, workflowId), 'Workflow', workflowId);
    const current = await listPhaseIds(trx, customerId, workflowId);
    const same = current.length === order.length && order.every((id) => current.includes(id));
    if (!same) throw new AppError('IS_NOT_VALID', { field: 'phase_ids' });
    await setPhaseOrder(trx, customerId, workflowId, order);
    // The order is the workflow's: one workflow change, and the boards that list it re-read.
    const boards = await boardIdsListing(trx, customerId, 'workflow_ids', [workflowId]);
    await recordSettingChange(
      trx,
      customerId,
      { entity: 'workflow', id: workflowId, action: 'update' },
      boards,
    );
    return listPhases(trx, customerId, workflowId);
  });
}

/**
 * Deletes a phase; the later ones close up. Refused while a visit is in progress in it
 * (WORKFLOW_HAS_ACTIVE_PATIENTS) or when it is all a board's phase list names (BOF-11);
 * completed visits that ended in it go with it (BOF-10).
 */
export async function deletePhase(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    const { workflow_id: workflowId } = found(await findPhase(trx, customerId, id), 'Phase', id);
    // The workflow first, as additions and reorders lock it, then the phase: one lock order.
    await lockWorkflow(trx, customerId, workflowId);
    const phase = found(await lockPhase(trx, customerId, id), 'Phase', id);
    if (await hasActiveVisits(trx, customerId, { phase_id: id }))
      throw new AppError('WORKFLOW_HAS_ACTIVE_PATIENTS', {});
    if ((await boardIdsListingOnly(trx, customerId, 'phase_ids', [id])).length > 0) {
      throw new AppError('IS_NOT_VALID', { field: 'id' });
    }
    const boards = await boardsShowingPhase(trx, customerId, phase);
    await deleteCompletedVisits(trx, customerId, { phase_id: id });
    await deletePhaseRow(trx, customerId, id);
    await setPhaseOrder(trx, customerId, workflowId, await listPhaseIds(trx, customerId, workflowId));
    await recordSettingChange(trx, customerId, { entity: 'phase', id, action: 'delete' }, boards);
  });
}
