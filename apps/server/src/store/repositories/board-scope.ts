import { BoardType, type BoardTypeId } from '@careboard/contracts';
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { type DisplayBoardLists, LIST_TABLES } from './display-board-lists.ts';

/**
 * Boards that may show visits of these workflows: workflow, family and patient
 * boards listing one of them, or listing none. A superset is fine: the live layer
 * re-reads what a board shows.
 */
export async function boardIdsShowingWorkflows(
  db: Db,
  customerId: string,
  workflowIds: readonly number[],
): Promise<number[]> {
  return boardIdsShowing(
    db,
    customerId,
    [BoardType.Workflow, BoardType.Family, BoardType.Patient],
    'workflow_ids',
    workflowIds,
  );
}

/**
 * Workflow boards that show the expected patients of these workflows (`show_expected`, listing
 * one of them or none, BRD-23): family and patient boards never show them, so an expected
 * patient's change neither wakes them nor counts as their last change.
 */
export async function boardIdsShowingExpectedVisits(
  db: Db,
  customerId: string,
  workflowIds: readonly number[],
): Promise<number[]> {
  return boardIdsShowing(db, customerId, [BoardType.Workflow], 'workflow_ids', workflowIds, {
    showingExpected: true,
  });
}

/** Assets PAR-level boards that list one of these locations, or list none. */
export async function boardIdsShowingLocations(
  db: Db,
  customerId: string,
  locationIds: readonly number[],
): Promise<number[]> {
  return boardIdsShowing(db, customerId, [BoardType.AssetsParLevel], 'location_ids', locationIds);
}

async function boardIdsShowing(
  db: Db,
  customerId: string,
  types: readonly BoardTypeId[],
  key: keyof DisplayBoardLists,
  ids: readonly number[],
  only: { readonly showingExpected?: boolean } = {},
): Promise<number[]> {
  const { table, column } = LIST_TABLES[key];
  const listed =
    ids.length === 0 ? sql<boolean>`false` : sql<boolean>`l.${sql.ref(column)} IN (${sql.join(ids)})`;
  let query = db
    .selectFrom('display_boards as b')
    .select('b.id')
    .where('b.customer_id', '=', customerId)
    .where('b.display_board_type_id', 'in', types);
  if (only.showingExpected) query = query.where('b.show_expected', '=', true);
  const rows = await query
    // Parenthesised: Kysely puts raw SQL into the WHERE as it is, and a bare OR would
    // escape the customer filter before it.
    .where(
      sql<boolean>`(NOT EXISTS (SELECT 1 FROM ${sql.table(table)} l WHERE l.customer_id = b.customer_id AND l.display_board_id = b.id)
        OR EXISTS (SELECT 1 FROM ${sql.table(table)} l WHERE l.customer_id = b.customer_id AND l.display_board_id = b.id AND ${listed}))`,
    )
    .orderBy('b.id')
    .execute();
  return rows.map((row) => row.id);
}
