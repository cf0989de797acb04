import type { DisplayBoardConfig } from '@careboard/contracts';
import { z } from 'zod';
import { recordChanges } from '../store/change-log.ts';
import type { Db } from '../store/database.ts';
import {
  findDisplayBoardConfig,
  insertDisplayBoard,
  setDisplayBoardLists,
} from '../store/repositories/display-boards.ts';
import { assertPhasesOfWorkflows, displayBoardDefaults, displayBoardFields } from './display-board-input.ts';
import { parseInput } from './parse-input.ts';
import { runWrite } from './write-transaction.ts';

const { name, display_board_type_id, department_id, ...optionalFields } = displayBoardFields;

export const createDisplayBoardInput = z.strictObject({
  name,
  display_board_type_id,
  department_id,
  ...z.object(optionalFields).partial().shape,
});

export type CreateDisplayBoardInput = z.input<typeof createDisplayBoardInput>;

/** Creates a board; returns its config exactly as boards load it. */
export async function createDisplayBoard(
  db: Db,
  customerId: string,
  input: CreateDisplayBoardInput,
): Promise<DisplayBoardConfig> {
  const data = { ...displayBoardDefaults, ...stripUndefined(parseInput(createDisplayBoardInput, input)) };
  return runWrite(db, async (trx) => {
    const { workflow_ids, phase_ids, location_ids, ...fields } = data;
    const id = await insertDisplayBoard(trx, customerId, fields);
    await setDisplayBoardLists(trx, customerId, id, { workflow_ids, phase_ids, location_ids });
    await assertPhasesOfWorkflows(trx, customerId, id);
    await recordChanges(trx, customerId, [
      { entity: 'display_board', entityId: id, action: 'insert', boardIds: [id] },
    ]);
    const board = await findDisplayBoardConfig(trx, customerId, id);
    if (!board) throw new Error(`Board ${id} vanished inside its own transaction.`);
    return board;
  });
}

/** Optional fields left out stay out, so the defaults apply. */
export function stripUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
