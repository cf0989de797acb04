import type {
  AnnouncementVoice,
  BoardTypeId,
  DisplayStyleId,
  TableConfiguration,
} from '@careboard/contracts';
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { type DisplayBoardLists, LIST_TABLES } from './display-board-lists.ts';

// The config reads live in display-board-config.ts; callers (app.ts, live/) import them from here.
export { findDisplayBoardConfig, listDisplayBoardConfigs } from './display-board-config.ts';
export type { DisplayBoardLists } from './display-board-lists.ts';

/** A board's own columns; its lists (workflows, phases, locations) are kept apart. */
export interface DisplayBoardFields {
  readonly name: string;
  readonly display_board_type_id: BoardTypeId;
  readonly department_id: number;
  readonly page_rotation_sec: number;
  readonly table_configuration: TableConfiguration | null;
  readonly show_badge: boolean;
  readonly show_display_name: boolean;
  readonly show_estimated_duration: boolean;
  readonly show_avg_duration: boolean;
  readonly show_expected: boolean;
  readonly play_tone: boolean;
  readonly play_announcement: boolean;
  readonly announcement_template: string | null;
  readonly announcement_voice: AnnouncementVoice;
  readonly announcement_rate: number;
  readonly display_style_id: DisplayStyleId;
}

function storedConfiguration(configuration: TableConfiguration | null): string | null {
  return configuration === null ? null : JSON.stringify(configuration);
}

function toPatch(fields: Partial<DisplayBoardFields>) {
  const { table_configuration, ...rest } = fields;
  return table_configuration === undefined
    ? rest
    : { ...rest, table_configuration: storedConfiguration(table_configuration) };
}

/** Inserts a board's columns; `id` only for the demo seed's fixed ids. Returns the id. */
export async function insertDisplayBoard(
  db: Db,
  customerId: string,
  fields: DisplayBoardFields,
  id?: number,
): Promise<number> {
  const row = await db
    .insertInto('display_boards')
    .values({
      ...fields,
      table_configuration: storedConfiguration(fields.table_configuration),
      ...(id === undefined ? {} : { id }),
      customer_id: customerId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Moves the board id sequence past the highest id, after boards were inserted with
 * fixed ids (the demo seed's), so later boards never collide with them.
 */
export async function moveBoardIdsPastHighest(db: Db): Promise<void> {
  await sql`SELECT setval(pg_get_serial_sequence('display_boards', 'id'), (SELECT max(id) FROM display_boards))`.execute(
    db,
  );
}

/**
 * Whether no board of any customer has these ids. The one query that looks across
 * customers, on purpose: board ids are global, and only their existence is read.
 */
export async function areBoardIdsFree(db: Db, ids: readonly number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const taken = await db.selectFrom('display_boards').select('id').where('id', 'in', ids).execute();
  return taken.length === 0;
}

/** Returns whether the customer has the board (and so it was updated). */
export async function updateDisplayBoard(
  db: Db,
  customerId: string,
  id: number,
  fields: Partial<DisplayBoardFields>,
): Promise<boolean> {
  const result = await db
    .updateTable('display_boards')
    .set({ ...toPatch(fields), updated_at: sql<Date>`now()` })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteDisplayBoard(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('display_boards')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Replaces the lists that are given, keeping their order. */
export async function setDisplayBoardLists(
  db: Db,
  customerId: string,
  boardId: number,
  lists: Partial<DisplayBoardLists>,
): Promise<void> {
  for (const key of Object.keys(LIST_TABLES) as (keyof DisplayBoardLists)[]) {
    const ids = lists[key];
    if (ids === undefined) continue;
    const { table, column } = LIST_TABLES[key];
    await sql`DELETE FROM ${sql.table(table)} WHERE customer_id = ${customerId} AND display_board_id = ${boardId}`.execute(
      db,
    );
    if (ids.length === 0) continue;
    const rows = ids.map((id, position) => sql`(${customerId}, ${boardId}, ${id}, ${position})`);
    await sql`INSERT INTO ${sql.table(table)} (customer_id, display_board_id, ${sql.ref(column)}, position)
      VALUES ${sql.join(rows)}`.execute(db);
  }
}
