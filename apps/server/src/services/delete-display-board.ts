import { AppError } from '../errors/app-error.ts';
import { recordChanges } from '../store/change-log.ts';
import type { Db } from '../store/database.ts';
import { deleteDisplayBoard as deleteBoardRow } from '../store/repositories/display-boards.ts';
import { parseBoardId } from './display-board-input.ts';
import { runWrite } from './write-transaction.ts';

/**
 * Deletes a board with its lists and messages; devices showing it stay, unassigned
 * (the board they load answers 'Display board does not exist.').
 */
export async function deleteDisplayBoard(db: Db, customerId: string, id: number): Promise<void> {
  const boardId = parseBoardId(id);
  await runWrite(db, async (trx) => {
    if (!(await deleteBoardRow(trx, customerId, boardId))) {
      throw new AppError('ENTITY_NOT_FOUND', { entity: 'Display board', id: boardId });
    }
    await recordChanges(trx, customerId, [
      { entity: 'display_board', entityId: boardId, action: 'delete', boardIds: [boardId] },
    ]);
  });
}
