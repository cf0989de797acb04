import type { Db } from '../../store/database.ts';
import { boardIdsShowingWorkflows } from '../../store/repositories/board-scope.ts';
import type { Message } from '../../store/repositories/messages.ts';

/**
 * The boards that run a message: its board; or the boards showing its workflow; or, sent
 * to neither, every board of the customer (null). Posting and deleting name the same ones.
 */
export async function boardIdsOfMessage(
  trx: Db,
  customerId: string,
  message: Pick<Message, 'display_board_id' | 'workflow_id'>,
): Promise<number[] | null> {
  if (message.display_board_id) return [message.display_board_id];
  if (message.workflow_id) return boardIdsShowingWorkflows(trx, customerId, [message.workflow_id]);
  return null;
}
