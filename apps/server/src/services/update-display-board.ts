import type { DisplayBoardConfig } from '@careboard/contracts';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { recordChanges } from '../store/change-log.ts';
import type { Db } from '../store/database.ts';
import {
  findDisplayBoardConfig,
  setDisplayBoardLists,
  updateDisplayBoard as updateBoardRow,
} from '../store/repositories/display-boards.ts';
import { stripUndefined } from './create-display-board.ts';
import { assertPhasesOfWorkflows, displayBoardFields, parseBoardId } from './display-board-input.ts';
import { parseInput } from './parse-input.ts';
import { runWrite } from './write-transaction.ts';

/** Any subset of a board's fields; the ones left out keep their values. */
export const updateDisplayBoardInput = z.strictObject(displayBoardFields).partial();

export type UpdateDisplayBoardInput = z.input<typeof updateDisplayBoardInput>;

/** Changes a board; its boards (and devices showing it) pick up the new config live. */
export async function updateDisplayBoard(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateDisplayBoardInput,
): Promise<DisplayBoardConfig> {
  const boardId = parseBoardId(id);
  const patch = stripUndefined(parseInput(updateDisplayBoardInput, input));
  return runWrite(db, async (trx) => {
    const { workflow_ids, phase_ids, location_ids, ...fields } = patch;
    // Always touches the row, so an unknown id is found out whatever the patch holds.
    if (!(await updateBoardRow(trx, customerId, boardId, fields))) {
      throw new AppError('ENTITY_NOT_FOUND', { entity: 'Display board', id: boardId });
    }
    await setDisplayBoardLists(trx, customerId, boardId, { workflow_ids, phase_ids, location_ids });
    await assertPhasesOfWorkflows(trx, customerId, boardId);
    await recordChanges(trx, customerId, [
      { entity: 'display_board', entityId: boardId, action: 'update', boardIds: [boardId] },
    ]);
    const board = await findDisplayBoardConfig(trx, customerId, boardId);
    if (!board) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Display board', id: boardId });
    return board;
  });
}
