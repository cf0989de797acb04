import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { type DisplayBoardLists, LIST_TABLES } from './display-board-lists.ts';

/**
 * Boards whose list (`workflow_ids`, `phase_ids` or `location_ids`) names one of these ids:
 * their config changes when one of them changes or goes (the lists cascade on delete).
 */
export async function boardIdsListing(
  db: Db,
  customerId: string,
  key: keyof DisplayBoardLists,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const { table, column } = LIST_TABLES[key];
  const { rows } = await sql<{ id: number }>`
    SELECT DISTINCT l.display_board_id AS id FROM ${sql.table(table)} l
    WHERE l.customer_id = ${customerId} AND l.${sql.ref(column)} IN (${sql.join(ids)})
    ORDER BY 1`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Boards whose list names only ids among these: deleting them would empty the list, and an
 * empty list means "all", so the board would start showing every workflow, phase or location
 * of the customer (decision BOF-11).
 */
export async function boardIdsListingOnly(
  db: Db,
  customerId: string,
  key: keyof DisplayBoardLists,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const { table, column } = LIST_TABLES[key];
  const { rows } = await sql<{ id: number }>`
    SELECT l.display_board_id AS id FROM ${sql.table(table)} l
    WHERE l.customer_id = ${customerId}
    GROUP BY l.display_board_id
    HAVING bool_and(l.${sql.ref(column)} IN (${sql.join(ids)}))
    ORDER BY 1`.execute(db);
  return rows.map((row) => row.id);
}
