import type { FeedRule } from '@careboard/contracts';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

/** A workflow's RTLS rule (FEED-43): the contract's `FeedRule`. */
export type { FeedRule };

export type FeedRuleFields = Omit<FeedRule, 'id'>;

const ruleColumns = ['id', 'workflow_id', 'location_kind', 'location_id', 'phase_id'] as const;

/** A page of the customer's rules, by workflow then id, of one workflow when given. */
export async function pageFeedRules(
  db: Db,
  customerId: string,
  filter: { readonly workflow_id?: number | undefined },
  page: PageRequest,
): Promise<Page<FeedRule>> {
  let query = db.selectFrom('feed_rules').select(ruleColumns).where('customer_id', '=', customerId);
  if (filter.workflow_id !== undefined) query = query.where('workflow_id', '=', filter.workflow_id);
  return selectPage(query.orderBy('workflow_id').orderBy('id'), page);
}

export async function findFeedRule(db: Db, customerId: string, id: number): Promise<FeedRule | undefined> {
  return db
    .selectFrom('feed_rules')
    .select(ruleColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The rule, locked until the transaction ends (an update reads it, merges, then writes). */
export async function lockFeedRule(db: Db, customerId: string, id: number): Promise<FeedRule | undefined> {
  return db
    .selectFrom('feed_rules')
    .select(ruleColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertFeedRule(db: Db, customerId: string, rule: FeedRuleFields): Promise<FeedRule> {
  return db
    .insertInto('feed_rules')
    .values({ ...rule, customer_id: customerId })
    .returning(ruleColumns)
    .executeTakeFirstOrThrow();
}

export async function updateFeedRule(
  db: Db,
  customerId: string,
  id: number,
  rule: FeedRuleFields,
): Promise<FeedRule | undefined> {
  return db
    .updateTable('feed_rules')
    .set(rule)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(ruleColumns)
    .executeTakeFirst();
}

/** Returns whether the customer had the rule. */
export async function deleteFeedRule(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('feed_rules')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
