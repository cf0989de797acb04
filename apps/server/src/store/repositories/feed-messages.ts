import type { FeedMessageSummaryRecord } from '@careboard/contracts';
import type { Db } from '../database.ts';
import type {
  AckCode,
  FeedMessageStatus,
  FeedMessagesTable,
  FeedName,
  FeedTransport,
} from '../tables/feeds.ts';

export interface NewFeedMessage {
  readonly customer_id: string | null;
  readonly feed: FeedName;
  readonly transport: FeedTransport;
  readonly control_id?: string | null;
  readonly message_type?: string | null;
  readonly item_count?: number;
  readonly body: string;
  /** With no control id, what identifies the message instead: its bytes' SHA-256 (FEED-56). */
  readonly body_sha256?: Buffer | null;
}

/** A stored message without its body: the contract's summary, and whose it is. */
export interface FeedMessage extends FeedMessageSummaryRecord {
  readonly customer_id: string | null;
}

const columns = [
  'id',
  'customer_id',
  'feed',
  'transport',
  'control_id',
  'message_type',
  'received_at',
  'processed_at',
  'status',
  'ack_code',
  'reason',
  'item_count',
  'unknown_count',
] as const satisfies readonly (keyof FeedMessagesTable)[];

/**
 * Stores a message as it arrived, before anything answers it ("stored before it is
 * acknowledged"). With a control id already stored for the customer and feed, or (without one)
 * the same body hash, nothing is inserted and the stored message comes back with `repeated: true`.
 */
export async function storeFeedMessage(
  db: Db,
  message: NewFeedMessage,
): Promise<{ message: FeedMessage; repeated: boolean }> {
  const controlId = message.control_id ?? null;
  // One identity per message: the control id when there is one, else the body's hash.
  const bodySha256 = controlId === null ? (message.body_sha256 ?? null) : null;
  const inserted = await db
    .insertInto('feed_messages')
    .values({
      customer_id: message.customer_id,
      feed: message.feed,
      transport: message.transport,
      control_id: controlId,
      message_type: message.message_type ?? null,
      item_count: message.item_count ?? 0,
      body: message.body,
      body_sha256: bodySha256,
    })
    // Either unique key (control id, body hash) may be the one taken.
    .onConflict((oc) => oc.doNothing())
    .returning(columns)
    .executeTakeFirst();
  if (inserted) return { message: inserted, repeated: false };
  let stored = db
    .selectFrom('feed_messages')
    .select(columns)
    .where('customer_id', '=', message.customer_id)
    .where('feed', '=', message.feed);
  stored =
    controlId === null
      ? stored.where('control_id', 'is', null).where('body_sha256', '=', bodySha256)
      : stored.where('control_id', '=', controlId);
  return { message: await stored.executeTakeFirstOrThrow(), repeated: true };
}

/** Counts one more delivery of a stored message, instead of storing it again (FEED-56). */
export async function countFeedMessageRepeat(db: Db, id: string, now: Date = new Date()): Promise<void> {
  await db
    .updateTable('feed_messages')
    .set((eb) => ({ repeats: eb('repeats', '+', 1), last_repeat_at: now }))
    .where('id', '=', id)
    .execute();
}

/** Locks a stored message for the transaction that applies it (two deliveries never apply it twice). */
export async function lockFeedMessage(trx: Db, id: string): Promise<FeedMessage | undefined> {
  return trx.selectFrom('feed_messages').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface FeedMessageOutcome {
  readonly status: Exclude<FeedMessageStatus, 'received'>;
  readonly ack_code?: AckCode | null;
  readonly reason?: string | null;
  readonly unknown_count?: number;
}

/** Records how a stored message ended: applied, a duplicate, an error or refused, and why. */
export async function settleFeedMessage(
  db: Db,
  id: string,
  outcome: FeedMessageOutcome,
  now: Date = new Date(),
): Promise<void> {
  await db
    .updateTable('feed_messages')
    .set({
      status: outcome.status,
      ack_code: outcome.ack_code ?? null,
      reason: outcome.reason ?? null,
      ...(outcome.unknown_count !== undefined ? { unknown_count: outcome.unknown_count } : {}),
      processed_at: now,
    })
    .where('id', '=', id)
    .execute();
}
