import { MessageSenderType } from '@careboard/contracts';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { recordChanges } from '../store/change-log.ts';
import type { Db } from '../store/database.ts';
import { insertMessage, type Message } from '../store/repositories/messages.ts';
import { parseInput } from './parse-input.ts';
import { boardIdsOfMessage } from './patient-flow/message-boards.ts';
import { idSchema, textSchema } from './schema-parts.ts';
import { runWrite } from './write-transaction.ts';

/** The fields, without the board-or-workflow rule (routes build their body from these). */
export const postMessageFields = z.strictObject({
  sender_type: z.union([
    z.literal(MessageSenderType.System),
    z.literal(MessageSenderType.User),
    z.literal(MessageSenderType.Patient),
  ]),
  text: textSchema().trim().min(1).max(500),
  /** One board; or `workflow_id` for the boards of a workflow; neither: every board. */
  display_board_id: idSchema.nullable().optional(),
  workflow_id: idSchema.nullable().optional(),
  /** An ISO date-time with offset; no expiry when absent. */
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
});

export const postMessageInput = postMessageFields.refine(
  (message) => !(message.display_board_id && message.workflow_id),
  {
    error: 'a message goes to a board or a workflow, not both',
    path: ['workflow_id'],
  },
);

export type PostMessageInput = z.input<typeof postMessageInput>;

/** Posts a message; boards run the active ones as a banner. */
export async function postMessage(
  db: Db,
  customerId: string,
  input: PostMessageInput,
  now: Date = new Date(),
): Promise<Message> {
  const data = parseInput(postMessageInput, input);
  const expiresAt = data.expires_at ? new Date(data.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError('IS_NOT_VALID', { field: 'expires_at' });
  }
  return runWrite(db, async (trx) => {
    const message = await insertMessage(trx, customerId, {
      sender_type: data.sender_type,
      text: data.text,
      display_board_id: data.display_board_id ?? null,
      workflow_id: data.workflow_id ?? null,
      created_at: now,
      expires_at: expiresAt,
    });
    const boardIds = await boardIdsOfMessage(trx, customerId, message);
    await recordChanges(trx, customerId, [
      { entity: 'message', entityId: message.id, action: 'insert', boardIds },
    ]);
    return message;
  });
}
