import type { Phase, Workflow } from '@careboard/contracts';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

export type { Phase, Workflow };

const phaseColumns = [
  'id',
  'workflow_id',
  'name',
  'position',
  'color',
  'estimated_duration_sec',
  'kind',
  'supplementary_announcement',
] as const;

export async function insertWorkflow(
  db: Db,
  customerId: string,
  workflow: Omit<Workflow, 'id'>,
): Promise<Workflow> {
  return db
    .insertInto('workflows')
    .values({ customer_id: customerId, department_id: workflow.department_id, name: workflow.name })
    .returning(['id', 'department_id', 'name'])
    .executeTakeFirstOrThrow();
}

/** Adds a workflow's phases (several at once); returns them in position order. */
export async function insertPhases(
  db: Db,
  customerId: string,
  phases: readonly Omit<Phase, 'id'>[],
): Promise<Phase[]> {
  if (phases.length === 0) return [];
  const rows = await db
    .insertInto('phases')
    .values(phases.map((phase) => ({ ...phase, customer_id: customerId })))
    .returning(phaseColumns)
    .execute();
  return rows.sort((a, b) => a.workflow_id - b.workflow_id || a.position - b.position);
}

export async function listWorkflows(db: Db, customerId: string): Promise<Workflow[]> {
  return db
    .selectFrom('workflows')
    .select(['id', 'department_id', 'name'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function findWorkflow(db: Db, customerId: string, id: number): Promise<Workflow | undefined> {
  return db
    .selectFrom('workflows')
    .select(['id', 'department_id', 'name'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Phases in workflow and position order; of one workflow when `workflowId` is given. */
export async function listPhases(db: Db, customerId: string, workflowId?: number): Promise<Phase[]> {
  let query = db.selectFrom('phases').select(phaseColumns).where('customer_id', '=', customerId);
  if (workflowId !== undefined) query = query.where('workflow_id', '=', workflowId);
  return query.orderBy('workflow_id').orderBy('position').execute();
}

export async function findPhase(db: Db, customerId: string, id: number): Promise<Phase | undefined> {
  return db
    .selectFrom('phases')
    .select(phaseColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The phases with these ids that the customer has (unknown ids are simply absent). */
export async function findPhases(db: Db, customerId: string, ids: readonly number[]): Promise<Phase[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('phases')
    .select(phaseColumns)
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .execute();
}

/** One page of the customer's workflows, of one department when given; by name then id (BOF-07). */
export async function pageWorkflows(
  db: Db,
  customerId: string,
  filter: { readonly departmentId?: number | undefined },
  page: PageRequest,
): Promise<Page<Workflow>> {
  let query = db
    .selectFrom('workflows')
    .select(['id', 'department_id', 'name'])
    .where('customer_id', '=', customerId);
  if (filter.departmentId !== undefined) query = query.where('department_id', '=', filter.departmentId);
  return selectPage(query.orderBy('name').orderBy('id'), page);
}

export async function updateWorkflow(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<Omit<Workflow, 'id'>>,
): Promise<Workflow | undefined> {
  return db
    .updateTable('workflows')
    .set(Object.keys(patch).length > 0 ? patch : (eb) => ({ name: eb.ref('name') }))
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(['id', 'department_id', 'name'])
    .executeTakeFirst();
}

/**
 * Locks a workflow row until the transaction ends: an admission (whose foreign key takes a
 * share lock on it) and other changes to its phases wait, so a check made after it holds.
 * Returns the workflow, or undefined when the customer has none with this id.
 */
export async function lockWorkflow(db: Db, customerId: string, id: number): Promise<Workflow | undefined> {
  return db
    .selectFrom('workflows')
    .select(['id', 'department_id', 'name'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Deletes a workflow with its phases and its boards' list entries; false when there is none. */
export async function deleteWorkflow(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('workflows')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
