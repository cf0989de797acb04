import type { Hl7Message } from '@medplum/core';
import type { Logger } from 'pino';
import { type AdtSenderRefusal, refuseSender } from '../../domain/adt-senders.ts';
import { AppError } from '../../errors/app-error.ts';
import { isDatabaseUnavailable, toAppError } from '../../errors/database-errors.ts';
import { lockUntilTransactionEnds } from '../../store/advisory-lock.ts';
import type { Db } from '../../store/database.ts';
import { findFacilitySenders } from '../../store/repositories/adt-mappings.ts';
import {
  type FeedMessage,
  type FeedMessageOutcome,
  lockFeedMessage,
  settleFeedMessage,
  storeFeedMessage,
} from '../../store/repositories/feed-messages.ts';
import type { FeedTransport } from '../../store/tables/feeds.ts';
import type { AdtAnswer } from './ack.ts';
import { type Hl7Envelope, readAdt, readEnvelope } from './adt-fields.ts';
import { AdtRefusal } from './adt-refusal.ts';
import { applyAdt } from './apply-adt.ts';

/** Where a message came from: its connection's remote address. */
export interface AdtPeer {
  readonly address: string;
}

/**
 * The one answer to a message that may not come in, whatever the cause: a facility no mapping
 * has, one that lists no sender, a sender it does not list, an address it does not allow. One
 * text and one code for all, so an answer tells nothing of which facilities, customers or visit
 * numbers exist (decision FEED-52).
 */
export const SENDER_NOT_ACCEPTED =
  'MSH-6 (receiving facility) takes no messages from this sender (MSH-3, MSH-4) at this address';

export interface ReceiveOptions {
  readonly transport: Extract<FeedTransport, 'mllp' | 'demo'>;
  /** `MLLP`: the audit route is `MLLP ADT^A04`. */
  readonly routePrefix: string;
  readonly log: Pick<Logger, 'info' | 'warn' | 'error'>;
  readonly now?: Date;
}

/**
 * Thrown when the message could not be stored or applied because the database is unreachable:
 * the transport then answers nothing, so the sender resends (decision FEED-13).
 */
export class AdtNotStored extends Error {
  constructor(cause: unknown) {
    super('the database is unavailable', { cause });
    this.name = 'AdtNotStored';
  }
}

/**
 * The one way ADT comes in, whatever carried it (decision FEED-11). The message is stored
 * (committed) before anything else; then one transaction locks the stored row and, only if it
 * is still 'received', applies it and settles it 'applied'. A repeated MSH-10 finds its stored
 * row: settled, it changes nothing and is answered with the stored code; still 'received' (the
 * server stopped before applying it), it is applied now. A message we will not apply is settled
 * 'error' (AE) or 'rejected' (AR) with the reason. The caller sends the answer after this returns,
 * so an ACK always follows a commit. Before any of it, the facility MSH-6 names must list the
 * sender and its address (decision FEED-52); if not, the message is kept without its body and
 * without a customer, and answered AR with one text whatever the cause.
 */
export async function receiveAdt(
  db: Db,
  message: Hl7Message,
  peer: AdtPeer,
  options: ReceiveOptions,
): Promise<AdtAnswer> {
  const now = options.now ?? new Date();
  try {
    return await receive(db, message, peer, options, now);
  } catch (error) {
    if (error instanceof AdtNotStored) throw error;
    if (isDatabaseUnavailable(error) || (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE')) {
      throw new AdtNotStored(error);
    }
    throw error;
  }
}

async function receive(
  db: Db,
  message: Hl7Message,
  peer: AdtPeer,
  options: ReceiveOptions,
  now: Date,
): Promise<AdtAnswer> {
  // The text as parsed, segments joined by CR: the transport hands over no raw bytes (decision FEED-19).
  const body = withoutNul(message.toString());
  const envelope = readEnvelope(message);
  if (!envelope) return storeRefused(db, { body, reason: 'no MSH segment', errorCode: '101' }, options);
  const customerId = await admittedCustomer(db, envelope, peer, options);
  if (customerId === undefined) return storeNotAccepted(db, envelope, options);
  const { message: stored, repeated } = await storeFeedMessage(db, {
    customer_id: customerId,
    feed: 'hl7',
    transport: options.transport,
    control_id: envelope.controlId || null,
    message_type: envelope.messageType || null,
    item_count: 1,
    body,
  });
  const log = { message: stored.id, control: envelope.controlId, type: envelope.messageType };
  // The control id is the message's identity: a repeat is answered as stored, whatever it holds (FEED-12).
  if (repeated && stored.status !== 'received') {
    options.log.info({ ...log, customer: customerId, status: stored.status }, 'HL7: repeated control id');
    return storedAnswer(stored, true);
  }
  const context = { ...log, customer: customerId };
  if (!envelope.controlId) {
    return settleOnce(db, stored.id, refusal('AE', 'MSH-10 (message control id) is missing', '101'), {
      ...options,
      context,
    });
  }
  const read = readAdt(message, envelope);
  if (!read.ok) {
    return settleOnce(db, stored.id, refusal('AE', read.reason, read.errorCode), { ...options, context });
  }
  const route = `${options.routePrefix} ADT^${read.adt.event}`;
  try {
    const answer = await db.transaction().execute(async (trx) => {
      // One ADT message of a customer at a time: two admits of one visit number make one visit (FEED-21).
      await lockUntilTransactionEnds(trx, 'careboard.hl7-adt', customerId);
      const locked = await lockFeedMessage(trx, stored.id);
      if (!locked) return undefined;
      if (locked.status !== 'received') return storedAnswer(locked, true);
      const effect = await applyAdt(trx, read.adt, { customerId, route, now });
      await settleFeedMessage(trx, stored.id, { status: 'applied', ack_code: 'AA' }, now);
      options.log.info({ ...context, visit: effect.visitId, changed: effect.changed }, 'HL7: applied');
      return { code: 'AA', reason: null } satisfies AdtAnswer;
    });
    return answer ?? { code: 'AE', reason: 'the stored message is gone', errorCode: '207' };
  } catch (error) {
    return settleOnce(db, stored.id, refusalOf(error, options, context), { ...options, context });
  }
}

/**
 * The customer whose facility mapping MSH-6 names, if that mapping lists the sender (MSH-3,
 * MSH-4) at this address (decision FEED-52); undefined otherwise, with a warning for the
 * operator that says which address tried and why (engine names only, nothing from PID).
 */
async function admittedCustomer(
  db: Db,
  envelope: Hl7Envelope,
  peer: AdtPeer,
  options: ReceiveOptions,
): Promise<string | undefined> {
  const mapping = envelope.facility ? await findFacilitySenders(db, envelope.facility) : undefined;
  const why: AdtSenderRefusal | 'no facility mapping' | undefined = mapping
    ? refuseSender(mapping.senders, {
        address: peer.address,
        sendingApplication: envelope.sendingApplication,
        sendingFacility: envelope.sendingFacility,
      })
    : 'no facility mapping';
  if (why === undefined) return mapping?.customerId;
  options.log.warn(
    {
      address: peer.address,
      why,
      receiving_facility: envelope.facility.slice(0, 80),
      sending_application: envelope.sendingApplication.slice(0, 80),
      sending_facility: envelope.sendingFacility.slice(0, 80),
      control: envelope.controlId.slice(0, 80),
      // The customer the facility names, for the operator; a facility nobody maps names none.
      customer: mapping?.customerId ?? null,
    },
    'HL7: sender not accepted',
  );
  return undefined;
}

/**
 * A message from a sender its facility does not take: kept for the operator without its body
 * (which holds names) and without a customer (so no customer's Integrations page counts what
 * anyone may send), settled 'rejected'; answered AR with the one text (decision FEED-52).
 */
async function storeNotAccepted(db: Db, envelope: Hl7Envelope, options: ReceiveOptions): Promise<AdtAnswer> {
  const { message } = await storeFeedMessage(db, {
    customer_id: null,
    feed: 'hl7',
    transport: options.transport,
    control_id: envelope.controlId || null,
    message_type: envelope.messageType || null,
    item_count: 1,
    body: '',
  });
  await settleFeedMessage(db, message.id, {
    status: 'rejected',
    ack_code: 'AR',
    reason: SENDER_NOT_ACCEPTED,
  });
  return { code: 'AR', reason: SENDER_NOT_ACCEPTED, errorCode: '204' };
}

interface Refused extends FeedMessageOutcome {
  readonly status: 'error' | 'rejected';
  readonly ack_code: 'AE' | 'AR';
  readonly reason: string;
  readonly errorCode: string;
}

function refusal(code: 'AE' | 'AR', reason: string, errorCode: string): Refused {
  return { status: code === 'AE' ? 'error' : 'rejected', ack_code: code, reason, errorCode };
}

/**
 * Why applying failed, as an answer: ours (AdtRefusal), a service's (its catalogue message), or
 * a failure of ours, settled AE too so a sender does not resend it forever (logged for us,
 * without the pg error's detail, which may quote values).
 */
function refusalOf(error: unknown, options: ReceiveOptions, context: Record<string, unknown>): Refused {
  if (error instanceof AdtRefusal) return refusal(error.code, error.message, error.errorCode);
  const appError = toAppError(error);
  if (
    isDatabaseUnavailable(error) ||
    (appError instanceof AppError && appError.code === 'SERVICE_UNAVAILABLE')
  ) {
    throw new AdtNotStored(error);
  }
  if (appError instanceof AppError) return refusal('AE', `not applied: ${appError.message}`, '207');
  const reason = error instanceof Error ? error.message.slice(0, 200) : String(error);
  options.log.error({ ...context, error: reason }, 'HL7: applying failed');
  return refusal('AE', 'not applied: internal error', '207');
}

/** Settles a message we will not apply, unless another delivery settled it first (then its answer stands). */
async function settleOnce(
  db: Db,
  id: string,
  refused: Refused,
  options: ReceiveOptions & { readonly context: Record<string, unknown> },
): Promise<AdtAnswer> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockFeedMessage(trx, id);
    if (locked && locked.status !== 'received') return storedAnswer(locked, true);
    await settleFeedMessage(trx, id, refused);
    options.log.warn(
      { ...options.context, code: refused.ack_code, reason: refused.reason },
      'HL7: not applied',
    );
    return { code: refused.ack_code, reason: refused.reason, errorCode: refused.errorCode };
  });
}

/**
 * A frame that is not HL7 (no MSH segment): kept for review with no customer, answered AE.
 * The MLLP transport hands over no text for a frame its parser refused (`body` empty).
 */
export async function receiveNotHl7(db: Db, body: string, options: ReceiveOptions): Promise<AdtAnswer> {
  try {
    return await storeRefused(
      db,
      { body: withoutNul(body), reason: 'no MSH segment', errorCode: '101' },
      options,
    );
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw new AdtNotStored(error);
    throw error;
  }
}

async function storeRefused(
  db: Db,
  refused: { body: string; reason: string; errorCode: string },
  options: ReceiveOptions,
): Promise<AdtAnswer> {
  const { message } = await storeFeedMessage(db, {
    customer_id: null,
    feed: 'hl7',
    transport: options.transport,
    item_count: 1,
    body: refused.body,
  });
  await settleFeedMessage(db, message.id, { status: 'error', ack_code: 'AE', reason: refused.reason });
  options.log.warn({ message: message.id, reason: refused.reason }, 'HL7: not applied');
  return { code: 'AE', reason: refused.reason, errorCode: refused.errorCode };
}

/** The answer a stored message got (a repeat is answered as the first delivery was). */
function storedAnswer(stored: FeedMessage, repeated: boolean): AdtAnswer {
  const code = stored.ack_code ?? (stored.status === 'applied' ? 'AA' : 'AE');
  if (code === 'AA') return { code, reason: repeated ? 'OK: already received; nothing changed' : null };
  return { code, reason: stored.reason, errorCode: code === 'AR' ? '204' : '207' };
}

/** PostgreSQL text holds no NUL. */
function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}
