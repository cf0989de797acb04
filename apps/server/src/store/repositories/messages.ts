import type { MessageRecord } from '@careboard/contracts';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

/** A stored message: what GET /messages answers (`MessageRecord`) but whether it runs now. */
export type Message = Omit<MessageRecord, 'active'>;

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

export interface MessageFilter {
  /** Messages sent to this board (not those sent to its workflows or to every board; BOF-36). */
  readonly display_board_id?: number | undefined;
  /** Messages sent to this workflow's boards. */
  readonly workflow_id?: number | undefined;
  /** true: not expired at `now`; false: expired; absent: both. */
  readonly active?: boolean | undefined;
}

/** One page of the customer's messages, newest first (id breaks ties so pages never overlap). */
export async function pageMessages(
  db: Db,
  customerId: string,
  filter: MessageFilter,
  page: PageRequest,
  now: Date,
): Promise<Page<Message>> {
  let query = db.selectFrom('messages').select(messageColumns).where('customer_id', '=', customerId);
  if (filter.display_board_id !== undefined) {
    query = query.where('display_board_id', '=', filter.display_board_id);
  }
  if (filter.workflow_id !== undefined) query = query.where('workflow_id', '=', filter.workflow_id);
  if (filter.active === true) {
    query = query.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  } else if (filter.active === false) {
    query = query.where('expires_at', '<=', now);
  }
  return selectPage(query.orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
}

/** Removes a message; returns it, or undefined when the customer has no such message. */
export async function deleteMessage(db: Db, customerId: string, id: number): Promise<Message | undefined> {
  return db
    .deleteFrom('messages')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(messageColumns)
    .executeTakeFirst();
}
