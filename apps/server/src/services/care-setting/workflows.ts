import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../store/database.ts';
import { boardIdsListing, boardIdsListingOnly } from '../../store/repositories/care-setting-boards.ts';
import { listPhaseIds } from '../../store/repositories/phases.ts';
import { deleteCompletedVisits, hasActiveVisits } from '../../store/repositories/visits.ts';
import {
  deleteWorkflow as deleteWorkflowRow,
  insertWorkflow,
  lockWorkflow,
  updateWorkflow as updateWorkflowRow,
  type Workflow,
} from '../../store/repositories/workflows.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { definedOnly, found, recordSettingChange } from './care-setting-changes.ts';
import {
  type CreateWorkflowInput,
  createWorkflowInput,
  type UpdateWorkflowInput,
  updateWorkflowInput,
} from './inputs.ts';

/** A new workflow has no phases yet: add them with POST /workflows/:id/phases. */
export async function createWorkflow(
  db: Db,
  customerId: string,
  input: CreateWorkflowInput,
): Promise<Workflow> {
  const data = parseInput(createWorkflowInput, input);
  return runWrite(db, async (trx) => {
    const workflow = await insertWorkflow(trx, customerId, data);
    await recordSettingChange(trx, customerId, { entity: 'workflow', id: workflow.id, action: 'insert' });
    return workflow;
  });
}

export async function updateWorkflow(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateWorkflowInput,
): Promise<Workflow> {
  const patch = definedOnly(parseInput(updateWorkflowInput, input));
  return runWrite(db, async (trx) => {
    const workflow = found(await updateWorkflowRow(trx, customerId, id, patch), 'Workflow', id);
    const boards = await boardIdsListing(trx, customerId, 'workflow_ids', [id]);
    await recordSettingChange(trx, customerId, { entity: 'workflow', id, action: 'update' }, boards);
    return workflow;
  });
}

/**
 * Deletes a workflow with its phases. Refused while a visit is in progress in it
 * (WORKFLOW_HAS_ACTIVE_PATIENTS) or when a board lists nothing but it or its phases (BOF-11);
 * its completed visits go with it (BOF-10), and boards that listed it get their new config.
 */
export async function deleteWorkflow(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    found(await lockWorkflow(trx, customerId, id), 'Workflow', id);
    if (await hasActiveVisits(trx, customerId, { workflow_id: id })) {
      throw new AppError('WORKFLOW_HAS_ACTIVE_PATIENTS', {});
    }
    const phaseIds = await listPhaseIds(trx, customerId, id);
    const emptied = [
      ...(await boardIdsListingOnly(trx, customerId, 'workflow_ids', [id])),
      ...(await boardIdsListingOnly(trx, customerId, 'phase_ids', phaseIds)),
    ];
    if (emptied.length > 0) throw new AppError('IS_NOT_VALID', { field: 'id' });
    const boards = [
      ...(await boardIdsListing(trx, customerId, 'workflow_ids', [id])),
      ...(await boardIdsListing(trx, customerId, 'phase_ids', phaseIds)),
    ];
    await deleteCompletedVisits(trx, customerId, { workflow_id: id });
    await deleteWorkflowRow(trx, customerId, id);
    await recordSettingChange(trx, customerId, { entity: 'workflow', id, action: 'delete' }, boards);
  });
}
