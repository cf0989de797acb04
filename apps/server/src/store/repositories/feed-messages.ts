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
}

export interface FeedMessage {
  readonly id: string;
  readonly customer_id: string | null;
  readonly feed: FeedName;
  readonly transport: FeedTransport;
  readonly control_id: string | null;
  readonly message_type: string | null;
  readonly received_at: Date;
  readonly processed_at: Date | null;
  readonly status: FeedMessageStatus;
  readonly ack_code: AckCode | null;
  readonly reason: string | null;
  readonly item_count: number;
  readonly unknown_count: number;
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
 * acknowledged"). With a control id already stored for the customer and feed, nothing is
 * inserted and the stored message comes back with `repeated: true`.
 */
export async function storeFeedMessage(
  db: Db,
  message: NewFeedMessage,
): Promise<{ message: FeedMessage; repeated: boolean }> {
  const inserted = await db
    .insertInto('feed_messages')
    .values({
      customer_id: message.customer_id,
      feed: message.feed,
      transport: message.transport,
      control_id: message.control_id ?? null,
      message_type: message.message_type ?? null,
      item_count: message.item_count ?? 0,
      body: message.body,
    })
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'feed', 'control_id'])
        .where('control_id', 'is not', null)
        .where('customer_id', 'is not', null)
        .doNothing(),
    )
    .returning(columns)
    .executeTakeFirst();
  if (inserted) return { message: inserted, repeated: false };
  const stored = await db
    .selectFrom('feed_messages')
    .select(columns)
    .where('customer_id', '=', message.customer_id)
    .where('feed', '=', message.feed)
    .where('control_id', '=', message.control_id ?? null)
    .executeTakeFirstOrThrow();
  return { message: stored, repeated: true };
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
