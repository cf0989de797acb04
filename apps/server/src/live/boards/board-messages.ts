import type { Db } from '../../store/database.ts';
import {
  BOARD_MESSAGES,
  type BoardScope,
  listBoardMessages,
  listCustomerBoardMessages,
} from '../../store/repositories/board-row-queries.ts';
import { readAlone, type ShareRead } from './build-rows.ts';

/** The customer's active messages read once per change for all its boards: more than this, and each board reads its own. */
export const SHARED_MESSAGES_LIMIT = 500;

type ActiveMessage = Awaited<ReturnType<typeof listCustomerBoardMessages>>[number];
export type BoardMessage = Awaited<ReturnType<typeof listBoardMessages>>[number];

/**
 * Whether a board shows a message: its own, everyone's, or its workflows' (a board of no
 * workflow shows every workflow's), still active at `now`. The rule of `listBoardMessages`.
 */
export function isBoardMessage(
  message: ActiveMessage,
  boardId: number,
  scope: BoardScope,
  now: Date,
): boolean {
  if (message.expires_at !== null && message.expires_at <= now) return false;
  if (message.display_board_id === boardId) return true;
  if (message.display_board_id !== null) return false;
  if (message.workflow_id === null) return true;
  return scope.workflowIds.length === 0 || scope.workflowIds.includes(message.workflow_id);
}

/** A board's messages, newest first, picked from the customer's active ones. */
export function boardMessagesOf(
  active: readonly ActiveMessage[],
  boardId: number,
  scope: BoardScope,
  now: Date,
): BoardMessage[] {
  const shown: BoardMessage[] = [];
  for (const message of active) {
    if (shown.length === BOARD_MESSAGES) break;
    if (!isBoardMessage(message, boardId, scope, now)) continue;
    const { id, text, sender_type, expires_at, created_at } = message;
    shown.push({ id, text, sender_type, expires_at, created_at });
  }
  return shown;
}

/**
 * A patient board's messages. Every patient board of a customer evaluating the same change shares
 * one read of the customer's active messages and picks its own from them, instead of a query per
 * board (LIVE-31); a customer with more active messages than the shared read holds reads per board.
 */
export async function readBoardMessages(
  db: Db,
  customerId: string,
  boardId: number,
  scope: BoardScope,
  now: Date,
  share: ShareRead,
): Promise<BoardMessage[]> {
  // A board's first read, alone: its own query is the smaller one.
  if (share === readAlone) return listBoardMessages(db, customerId, boardId, scope, now);
  const active = await share('messages', () =>
    listCustomerBoardMessages(db, customerId, now, SHARED_MESSAGES_LIMIT),
  );
  if (active.length >= SHARED_MESSAGES_LIMIT) return listBoardMessages(db, customerId, boardId, scope, now);
  return boardMessagesOf(active, boardId, scope, now);
}
