import type { FeedMessageSummaryRecord } from '@careboard/contracts';
import { sql } from 'kysely';
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
  /** HL7: with the control id, who sent it (MSH-3.1, MSH-4.1) is the message's identity (FEED-58). */
  readonly sending_application?: string | null;
  readonly sending_facility?: string | null;
  /** HL7: what a repeat of its identity is compared on (FEED-58). */
  readonly content_sha256?: Buffer | null;
  /** HL7: the bytes as received and the character set they were read in (FEED-59). */
  readonly body_bytes?: Buffer | null;
  readonly charset?: string | null;
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

/** A stored message as a repeat of it finds it: its outcome and what its content was. */
export interface StoredFeedMessage {
  readonly message: FeedMessage;
  readonly repeated: boolean;
  /** The stored message's content hash (HL7; null for RTLS and messages stored before it was kept). */
  readonly contentSha256: Buffer | null;
}

function rowOf(message: NewFeedMessage, controlId: string | null, bodySha256: Buffer | null) {
  return {
    customer_id: message.customer_id,
    feed: message.feed,
    transport: message.transport,
    control_id: controlId,
    message_type: message.message_type ?? null,
    item_count: message.item_count ?? 0,
    body: message.body,
    body_sha256: bodySha256,
    sending_application: message.sending_application ?? null,
    sending_facility: message.sending_facility ?? null,
    content_sha256: message.content_sha256 ?? null,
    body_bytes: message.body_bytes ?? null,
    charset: message.charset ?? null,
  };
}

/**
 * Stores a message as it arrived, before anything answers it ("stored before it is
 * acknowledged"). With its identity already stored for the customer and feed (the control id
 * and, for HL7, its sender: FEED-58; without a control id, the same body hash: FEED-56),
 * nothing is inserted and the stored message comes back with `repeated: true`.
 */
export async function storeFeedMessage(db: Db, message: NewFeedMessage): Promise<StoredFeedMessage> {
  const controlId = message.control_id ?? null;
  // One identity per message: the control id when there is one, else the body's hash.
  const bodySha256 = controlId === null ? (message.body_sha256 ?? null) : null;
  const inserted = await db
    .insertInto('feed_messages')
    .values(rowOf(message, controlId, bodySha256))
    // Either unique key (control id, body hash) may be the one taken.
    .onConflict((oc) => oc.doNothing())
    .returning(columns)
    .executeTakeFirst();
  if (inserted) return { message: inserted, repeated: false, contentSha256: message.content_sha256 ?? null };
  let stored = db
    .selectFrom('feed_messages')
    .select([...columns, 'content_sha256'])
    .where('customer_id', '=', message.customer_id)
    .where('feed', '=', message.feed)
    .where('repeat_of', 'is', null);
  stored =
    controlId === null
      ? stored.where('control_id', 'is', null).where('body_sha256', '=', bodySha256)
      : stored
          .where('control_id', '=', controlId)
          .where(sql<string>`coalesce(sending_application, '')`, '=', message.sending_application ?? '')
          .where(sql<string>`coalesce(sending_facility, '')`, '=', message.sending_facility ?? '');
  const { content_sha256: contentSha256, ...found } = await stored.executeTakeFirstOrThrow();
  return { message: found, repeated: true, contentSha256 };
}

/**
 * Keeps a message that repeats a stored one's identity with other content, beside it (FEED-58):
 * it is not applied, and nothing of it is lost.
 */
export async function storeDifferingRepeat(
  db: Db,
  message: NewFeedMessage,
  repeatOf: string,
): Promise<FeedMessage> {
  return db
    .insertInto('feed_messages')
    .values({ ...rowOf(message, message.control_id ?? null, null), repeat_of: repeatOf })
    .returning(columns)
    .executeTakeFirstOrThrow();
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
  /** A message ignored because nothing maps its point of care: which one (FEED-63). */
  readonly point_of_care?: string | null;
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
      ...(outcome.point_of_care !== undefined ? { point_of_care: outcome.point_of_care } : {}),
      processed_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** A stored HL7 message as a replay reads it: its outcome, its bytes and how they were read. */
export interface StoredHl7Message extends FeedMessage {
  readonly body_bytes: Buffer | null;
  readonly charset: string | null;
  readonly repeat_of: string | null;
}

/** The customer's stored HL7 message, with its bytes; undefined when it has none by this id. */
export async function findStoredHl7Message(
  db: Db,
  customerId: string,
  id: string,
): Promise<StoredHl7Message | undefined> {
  return db
    .selectFrom('feed_messages')
    .select([...columns, 'body_bytes', 'charset', 'repeat_of'])
    .where('customer_id', '=', customerId)
    .where('feed', '=', 'hl7')
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The customer's stored message's outcome, without its body. */
export async function findFeedMessageSummary(
  db: Db,
  customerId: string,
  id: string,
): Promise<FeedMessage | undefined> {
  return db
    .selectFrom('feed_messages')
    .select(columns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}
