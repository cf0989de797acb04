import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { recordChanges } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import { deleteMessage as deleteMessageRow, type Message } from '../../store/repositories/messages.ts';
import { parseInput } from '../parse-input.ts';
import { idSchema } from '../schema-parts.ts';
import { runWrite } from '../write-transaction.ts';
import { boardIdsOfMessage } from './message-boards.ts';

export const deleteMessageInput = z.strictObject({ message_id: idSchema });

/**
 * Takes a message down before it expires (a banner posted by mistake, or no longer true).
 * The change names the boards that ran it, as its post did, so they drop the banner live
 * (decision BOF-37). Another customer's message is ENTITY_NOT_FOUND.
 */
export async function deleteMessage(
  db: Db,
  customerId: string,
  input: z.input<typeof deleteMessageInput>,
): Promise<Message> {
  const { message_id } = parseInput(deleteMessageInput, input);
  return runWrite(db, async (trx) => {
    const message = await deleteMessageRow(trx, customerId, message_id);
    if (!message) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Message', id: message_id });
    const boardIds = await boardIdsOfMessage(trx, customerId, message);
    await recordChanges(trx, customerId, [
      { entity: 'message', entityId: message.id, action: 'delete', boardIds },
    ]);
    return message;
  });
}
