import type { Db } from '../database.ts';

export interface Message {
  readonly id: number;
  readonly sender_type: number;
  readonly text: string;
  readonly display_board_id: number | null;
  readonly workflow_id: number | null;
  readonly created_at: Date;
  readonly expires_at: Date | null;
}

const messageColumns = [
  'id',
  'sender_type',
  'text',
  'display_board_id',
  'workflow_id',
  'created_at',
  'expires_at',
] as const;

export async function insertMessage(
  db: Db,
  customerId: string,
  message: Omit<Message, 'id'>,
): Promise<Message> {
  return db
    .insertInto('messages')
    .values({ ...message, customer_id: customerId })
    .returning(messageColumns)
    .executeTakeFirstOrThrow();
}

export async function findMessage(db: Db, customerId: string, id: number): Promise<Message | undefined> {
  return db
    .selectFrom('messages')
    .select(messageColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Messages not expired at `now`, newest first. */
export async function listActiveMessages(db: Db, customerId: string, now: Date): Promise<Message[]> {
  return db
    .selectFrom('messages')
    .select(messageColumns)
    .where('customer_id', '=', customerId)
    .where('created_at', '<=', now)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
