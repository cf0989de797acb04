import {
  ANNOUNCEMENT_RATE_MAX,
  ANNOUNCEMENT_RATE_MIN,
  ANNOUNCEMENT_VOICES,
  type AnnouncementVoice,
  type DisplayBoardConfig,
  type ErrorCode,
  type TableColumnKey,
} from '@careboard/contracts';
import { errorText } from '@careboard/web-client';
import { z } from 'zod';
import { type ColumnRow, configurationFromRows, rowsFromConfiguration } from '../columns/column-rows.ts';

/** The editor's values: every field a client may set on a board (PATCH /display-boards/:id). */
export interface BoardFormValues {
  name: string;
  display_board_type_id: number;
  department_id: number;
  workflow_ids: number[];
  phase_ids: number[];
  location_ids: number[];
  page_rotation_sec: number;
  display_style_id: number;
  show_badge: boolean;
  show_display_name: boolean;
  show_estimated_duration: boolean;
  show_avg_duration: boolean;
  show_expected: boolean;
  play_tone: boolean;
  play_announcement: boolean;
  announcement_template: string;
  announcement_voice: AnnouncementVoice;
  announcement_rate: number;
  columns: ColumnRow[];
}

/** The form's fields, named as the server names them in its IS_NOT_VALID params. */
export type BoardField = Exclude<keyof BoardFormValues, 'columns'> | 'columns';

export function formValuesOf(board: DisplayBoardConfig): BoardFormValues {
  return {
    name: board.name,
    display_board_type_id: board.display_board_type_id,
    department_id: board.department.id,
    workflow_ids: [...board.workflow_ids],
    phase_ids: [...board.phase_ids],
    location_ids: [...board.location_ids],
    page_rotation_sec: board.page_rotation_sec,
    display_style_id: board.display_style_id,
    show_badge: board.show_badge,
    show_display_name: board.show_display_name,
    show_estimated_duration: board.show_estimated_duration,
    show_avg_duration: board.show_avg_duration,
    show_expected: board.show_expected,
    play_tone: board.play_tone,
    play_announcement: board.play_announcement,
    announcement_template: board.announcement_template ?? '',
    announcement_voice: board.announcement_voice,
    announcement_rate: board.announcement_rate,
    columns: rowsFromConfiguration(board.table_configuration),
  };
}

/**
 * The PATCH body: every field, so what is saved is what the form shows. Only a workflow
 * board keeps a `table_configuration`; an empty template is null, the board's default
 * text (decision CON-41).
 */
export function patchOf(values: BoardFormValues) {
  const template = values.announcement_template.trim();
  const { columns, ...fields } = values;
  return {
    ...fields,
    name: values.name.trim(),
    display_board_type_id: values.display_board_type_id as 1 | 2 | 3 | 4,
    display_style_id: values.display_style_id as 1 | 2 | 3,
    announcement_template: template === '' ? null : template,
    table_configuration: values.display_board_type_id === 1 ? configurationFromRows(columns) : null,
  };
}

/**
 * The form's rules, the server's own limits, with the catalogue's texts as messages
 * (decision CON-44): `label` names the field as the form shows it.
 */
export function boardFormSchema(label: (field: BoardField) => string, locale: string) {
  const text = (code: ErrorCode, field: BoardField, limit?: number) =>
    errorText({ code, params: { field: label(field), ...(limit === undefined ? {} : { limit }) } }, locale);
  const notValid = (field: BoardField) => ({ error: text('IS_NOT_VALID', field) });
  const columnRow = z.object({
    key: z.custom<TableColumnKey>((value) => typeof value === 'string'),
    shown: z.boolean(),
    label: z
      .string()
      .trim()
      .max(60, { error: text('MAX_LENGTH', 'columns', 60) }),
    width: z
      .number(notValid('columns'))
      .int(notValid('columns'))
      .min(1, notValid('columns'))
      .max(12, notValid('columns')),
  });
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, { error: text('IS_REQUIRED', 'name') })
      .max(120, { error: text('MAX_LENGTH', 'name', 120) }),
    display_board_type_id: z
      .number()
      .int()
      .min(1, notValid('display_board_type_id'))
      .max(4, notValid('display_board_type_id')),
    department_id: z
      .number({ error: text('IS_REQUIRED', 'department_id') })
      .int()
      .positive({ error: text('IS_REQUIRED', 'department_id') }),
    workflow_ids: z.array(z.number().int()).max(50, notValid('workflow_ids')),
    phase_ids: z.array(z.number().int()).max(200, notValid('phase_ids')),
    location_ids: z.array(z.number().int()).max(200, notValid('location_ids')),
    page_rotation_sec: z
      .number(notValid('page_rotation_sec'))
      .int(notValid('page_rotation_sec'))
      .min(3, notValid('page_rotation_sec'))
      .max(3600, notValid('page_rotation_sec')),
    display_style_id: z
      .number()
      .int()
      .min(1, notValid('display_style_id'))
      .max(3, notValid('display_style_id')),
    show_badge: z.boolean(),
    show_display_name: z.boolean(),
    show_estimated_duration: z.boolean(),
    show_avg_duration: z.boolean(),
    show_expected: z.boolean(),
    play_tone: z.boolean(),
    play_announcement: z.boolean(),
    announcement_template: z
      .string()
      .trim()
      .max(500, { error: text('MAX_LENGTH', 'announcement_template', 500) }),
    announcement_voice: z.enum(ANNOUNCEMENT_VOICES),
    announcement_rate: z
      .number(notValid('announcement_rate'))
      .min(ANNOUNCEMENT_RATE_MIN, notValid('announcement_rate'))
      .max(ANNOUNCEMENT_RATE_MAX, notValid('announcement_rate')),
    columns: z.array(columnRow),
  });
}
