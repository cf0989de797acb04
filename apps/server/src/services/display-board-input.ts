import {
  ANNOUNCEMENT_RATE_MAX,
  ANNOUNCEMENT_RATE_MIN,
  ANNOUNCEMENT_VOICES,
  BoardType,
  DEFAULT_ANNOUNCEMENT_RATE,
  DEFAULT_ANNOUNCEMENT_VOICE,
  tableConfigurationSchema,
} from '@careboard/contracts';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import type { Db } from '../store/database.ts';
import { findDisplayBoardConfig } from '../store/repositories/display-boards.ts';
import { findPhases } from '../store/repositories/workflows.ts';
import { idListSchema, idSchema, nameSchema, textSchema } from './schema-parts.ts';

/** Every field of contracts' displayBoardConfigSchema a client may set (id and department.site are derived). */
export const displayBoardFields = {
  name: nameSchema(120),
  display_board_type_id: z.union([
    z.literal(BoardType.Workflow),
    z.literal(BoardType.Family),
    z.literal(BoardType.Patient),
    z.literal(BoardType.AssetsParLevel),
  ]),
  department_id: idSchema,
  /** Workflow, family and patient boards show these workflows. */
  workflow_ids: idListSchema(50),
  /** Limits a workflow board to these phases (of its workflows); empty: all phases. */
  phase_ids: idListSchema(200),
  page_rotation_sec: z.number().int().min(3).max(3600),
  table_configuration: z.nullable(tableConfigurationSchema),
  show_badge: z.boolean(),
  show_display_name: z.boolean(),
  show_estimated_duration: z.boolean(),
  show_avg_duration: z.boolean(),
  /** A workflow board lists the patients the EHR expects before they arrive (BRD-23); other types ignore it. */
  show_expected: z.boolean(),
  play_tone: z.boolean(),
  play_announcement: z.boolean(),
  announcement_template: textSchema().trim().max(500).nullable(),
  /** The voice calls are spoken with, and its pace (SCR-13). */
  announcement_voice: z.enum(ANNOUNCEMENT_VOICES),
  announcement_rate: z.number().min(ANNOUNCEMENT_RATE_MIN).max(ANNOUNCEMENT_RATE_MAX),
  /** An assets PAR-level board shows these locations. */
  location_ids: idListSchema(200),
  display_style_id: z.union([z.literal(1), z.literal(2), z.literal(3)]),
};

/** What a new board starts with when the request leaves a field out. */
export const displayBoardDefaults = Object.freeze({
  workflow_ids: [] as number[],
  phase_ids: [] as number[],
  page_rotation_sec: 15,
  table_configuration: null,
  show_badge: false,
  show_display_name: false,
  show_estimated_duration: false,
  show_avg_duration: false,
  show_expected: false,
  play_tone: false,
  play_announcement: false,
  announcement_template: null,
  announcement_voice: DEFAULT_ANNOUNCEMENT_VOICE,
  announcement_rate: DEFAULT_ANNOUNCEMENT_RATE,
  location_ids: [] as number[],
  display_style_id: 1 as const,
});

/** A board's id from a route or a caller. */
export function parseBoardId(id: unknown): number {
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) throw new AppError('IS_NOT_VALID', { field: 'id' });
  return parsed.data;
}

/**
 * A board that names workflows may only narrow them to phases of those workflows.
 * Checked after the write, on the board as stored, so an update that changes one
 * list but not the other is checked too.
 */
export async function assertPhasesOfWorkflows(trx: Db, customerId: string, boardId: number): Promise<void> {
  const board = await findDisplayBoardConfig(trx, customerId, boardId);
  if (!board || board.workflow_ids.length === 0 || board.phase_ids.length === 0) return;
  const phases = await findPhases(trx, customerId, board.phase_ids);
  if (phases.some((phase) => !board.workflow_ids.includes(phase.workflow_id))) {
    throw new AppError('IS_NOT_VALID', { field: 'phase_ids' });
  }
}
