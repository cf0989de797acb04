/** The display board config boards load (specification section 3): one query, board lists included. */
import {
  type DisplayBoardConfig,
  type DisplayStyleId,
  isBoardTypeId,
  type TableConfiguration,
} from '@careboard/contracts';
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { type DisplayBoardLists, LIST_TABLES } from './display-board-lists.ts';
import { sameCustomer } from './same-customer.ts';

function listOf(key: keyof DisplayBoardLists) {
  const { table, column } = LIST_TABLES[key];
  return sql<number[]>`coalesce((
    SELECT array_agg(l.${sql.ref(column)} ORDER BY l.position) FROM ${sql.table(table)} l
    WHERE l.customer_id = b.customer_id AND l.display_board_id = b.id), '{}')`.as(key);
}

function configQuery(db: Db, customerId: string) {
  return db
    .selectFrom('display_boards as b')
    .innerJoin('departments as d', (join) => sameCustomer(join, 'd.id', 'b.department_id'))
    .innerJoin('sites as s', (join) => sameCustomer(join, 's.id', 'd.site_id'))
    .where('b.customer_id', '=', customerId)
    .select([
      'b.id',
      'b.name',
      'b.display_board_type_id',
      'b.page_rotation_sec',
      'b.table_configuration',
      'b.show_badge',
      'b.show_display_name',
      'b.show_estimated_duration',
      'b.show_avg_duration',
      'b.show_expected',
      'b.play_tone',
      'b.play_announcement',
      'b.announcement_template',
      'b.announcement_voice',
      'b.announcement_rate',
      'b.display_style_id',
      'd.id as department_id',
      'd.name as department_name',
      's.id as site_id',
      's.name as site_name',
      's.default_timezone',
      listOf('workflow_ids'),
      listOf('phase_ids'),
      listOf('location_ids'),
    ]);
}

type ConfigRow = Awaited<ReturnType<ReturnType<typeof configQuery>['executeTakeFirstOrThrow']>>;

/** The stored row in exactly the shape of contracts' DisplayBoardConfig. */
function toConfig(row: ConfigRow): DisplayBoardConfig {
  if (!isBoardTypeId(row.display_board_type_id)) throw new Error(`Board ${row.id} has an unknown type.`);
  return {
    id: row.id,
    name: row.name,
    display_board_type_id: row.display_board_type_id,
    workflow_ids: row.workflow_ids,
    phase_ids: row.phase_ids,
    page_rotation_sec: row.page_rotation_sec,
    // Checked with tableConfigurationSchema by every service that writes it.
    table_configuration: row.table_configuration as TableConfiguration | null,
    department: {
      id: row.department_id,
      name: row.department_name,
      site: { id: row.site_id, name: row.site_name, default_timezone: row.default_timezone },
    },
    show_badge: row.show_badge,
    show_display_name: row.show_display_name,
    show_estimated_duration: row.show_estimated_duration,
    show_avg_duration: row.show_avg_duration,
    show_expected: row.show_expected,
    play_tone: row.play_tone,
    play_announcement: row.play_announcement,
    announcement_template: row.announcement_template,
    announcement_voice: row.announcement_voice,
    announcement_rate: row.announcement_rate,
    location_ids: row.location_ids,
    display_style_id: row.display_style_id as DisplayStyleId,
  };
}

export async function findDisplayBoardConfig(
  db: Db,
  customerId: string,
  id: number,
): Promise<DisplayBoardConfig | undefined> {
  const row = await configQuery(db, customerId).where('b.id', '=', id).executeTakeFirst();
  return row ? toConfig(row) : undefined;
}

export async function listDisplayBoardConfigs(db: Db, customerId: string): Promise<DisplayBoardConfig[]> {
  const rows = await configQuery(db, customerId).orderBy('b.id').execute();
  return rows.map(toConfig);
}

/** Several boards of one customer in one query; the ones it does not have are left out. */
export async function findDisplayBoardConfigs(
  db: Db,
  customerId: string,
  ids: readonly number[],
): Promise<DisplayBoardConfig[]> {
  if (ids.length === 0) return [];
  const rows = await configQuery(db, customerId)
    .where('b.id', 'in', [...ids])
    .execute();
  return rows.map(toConfig);
}
