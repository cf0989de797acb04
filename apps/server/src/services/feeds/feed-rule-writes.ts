import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../store/database.ts';
import {
  deleteFeedRule,
  type FeedRule,
  insertFeedRule,
  lockFeedRule,
  updateFeedRule,
} from '../../store/repositories/feed-rules.ts';
import { found } from '../care-setting/care-setting-changes.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { recordFeedSettingChange } from './feed-setting-changes.ts';
import {
  type CreateFeedRuleInput,
  createFeedRuleInput,
  onePlaceOf,
  type UpdateFeedRuleInput,
  updateFeedRuleInput,
} from './feed-setting-inputs.ts';

/**
 * A feed rule of a workflow. The database keeps the rest: the phase must be of the workflow
 * and the location the customer's (NO_MASTER_ENTITY_FOUND), one rule per place of a workflow
 * (DUPLICATE_KEY).
 */
export async function createFeedRule(
  db: Db,
  customerId: string,
  input: CreateFeedRuleInput,
): Promise<FeedRule> {
  const data = parseInput(createFeedRuleInput, input);
  return runWrite(db, async (trx) => {
    const rule = await insertFeedRule(trx, customerId, data);
    await recordFeedSettingChange(trx, customerId, 'feed_rule', rule.id, 'insert');
    return rule;
  });
}

export async function updateFeedRuleById(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateFeedRuleInput,
): Promise<FeedRule> {
  const patch = parseInput(updateFeedRuleInput, input);
  return runWrite(db, async (trx) => {
    const { id: _id, ...current } = found(await lockFeedRule(trx, customerId, id), 'Feed rule', id);
    const merged = {
      workflow_id: patch.workflow_id ?? current.workflow_id,
      location_kind: patch.location_kind === undefined ? current.location_kind : patch.location_kind,
      location_id: patch.location_id === undefined ? current.location_id : patch.location_id,
      phase_id: patch.phase_id ?? current.phase_id,
    };
    if (!onePlaceOf(merged)) throw new AppError('IS_NOT_VALID', { field: 'location_kind' });
    const rule = found(await updateFeedRule(trx, customerId, id, merged), 'Feed rule', id);
    await recordFeedSettingChange(trx, customerId, 'feed_rule', id, 'update');
    return rule;
  });
}

export async function deleteFeedRuleById(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    if (!(await deleteFeedRule(trx, customerId, id)))
      throw new AppError('ENTITY_NOT_FOUND', { entity: 'Feed rule', id });
    await recordFeedSettingChange(trx, customerId, 'feed_rule', id, 'delete');
  });
}
