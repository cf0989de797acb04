import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';
import type { Phase } from './workflows.ts';

const columns = [
  'id',
  'workflow_id',
  'name',
  'position',
  'color',
  'estimated_duration_sec',
  'kind',
  'supplementary_announcement',
] as const;

/**
 * Positions far above any real one: a renumbering moves a workflow's phases here first, so
 * the non-deferrable UNIQUE (customer_id, workflow_id, position) never sees two rows at one
 * position mid-statement (PostgreSQL checks it row by row).
 */
export const POSITION_OUT_OF_THE_WAY = 1_000_000;

export type NewPhase = Omit<Phase, 'id'>;
export type PhasePatch = Partial<Omit<Phase, 'id' | 'workflow_id' | 'position'>>;

/** One page of a workflow's phases in position order. */
export async function pagePhases(
  db: Db,
  customerId: string,
  workflowId: number,
  page: PageRequest,
): Promise<Page<Phase>> {
  const query = db
    .selectFrom('phases')
    .select(columns)
    .where('customer_id', '=', customerId)
    .where('workflow_id', '=', workflowId)
    .orderBy('position')
    .orderBy('id');
  return selectPage(query, page);
}

export async function insertPhase(db: Db, customerId: string, phase: NewPhase): Promise<Phase> {
  return db
    .insertInto('phases')
    .values({ ...phase, customer_id: customerId })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function updatePhase(
  db: Db,
  customerId: string,
  id: number,
  patch: PhasePatch,
): Promise<Phase | undefined> {
  return db
    .updateTable('phases')
    .set(Object.keys(patch).length > 0 ? patch : (eb) => ({ name: eb.ref('name') }))
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

/** Locks a phase row until the transaction ends: a visit moving into it waits (its foreign key). */
export async function lockPhase(db: Db, customerId: string, id: number): Promise<Phase | undefined> {
  return db
    .selectFrom('phases')
    .select(columns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function deletePhase(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('phases')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The ids of a workflow's phases in position order. */
export async function listPhaseIds(db: Db, customerId: string, workflowId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('phases')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('workflow_id', '=', workflowId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Gives a workflow's phases the positions 0, 1, … in the order of `ids` (every phase of the
 * workflow), in two statements: first out of the way, then into place.
 */
export async function setPhaseOrder(
  db: Db,
  customerId: string,
  workflowId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const order = sql.join(ids.map((id, index) => sql`(${id}::integer, ${index}::integer)`));
  for (const base of [POSITION_OUT_OF_THE_WAY, 0]) {
    await sql`UPDATE phases p SET position = o.position + ${base}::integer
      FROM (VALUES ${order}) AS o (id, position)
      WHERE p.customer_id = ${customerId} AND p.workflow_id = ${workflowId} AND p.id = o.id`.execute(db);
  }
}
