import { createHash } from 'node:crypto';
import { Hl7Message } from '@medplum/core';
import type { Logger } from 'pino';
import { type AdtSenderRefusal, refuseSender } from '../../domain/adt-senders.ts';
import { AppError } from '../../errors/app-error.ts';
import { isDatabaseUnavailable, toAppError } from '../../errors/database-errors.ts';
import { lockUntilTransactionEnds } from '../../store/advisory-lock.ts';
import type { Db } from '../../store/database.ts';
import {
  countUnmappedPointOfCare,
  type FacilitySenders,
  findFacilitySenders,
} from '../../store/repositories/adt-mappings.ts';
import {
  countFeedMessageRepeat,
  type FeedMessage,
  type FeedMessageOutcome,
  lockFeedMessage,
  type NewFeedMessage,
  settleFeedMessage,
  storeDifferingRepeat,
  storeFeedMessage,
} from '../../store/repositories/feed-messages.ts';
import type { FeedTransport } from '../../store/tables/feeds.ts';
import type { AdtAnswer } from './ack.ts';
import {
  type AdtFields,
  type Hl7Envelope,
  type PatientIdChoice,
  readAdt,
  readEnvelope,
} from './adt-fields.ts';
import { AdtIgnored, AdtRefusal } from './adt-refusal.ts';
import { applyAdt } from './apply-adt.ts';
import {
  charsetOf,
  DEFAULT_CHARSET,
  decodeHl7,
  type Hl7Charset,
  SUPPORTED_CHARSET_NAMES,
} from './hl7-charset.ts';

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

/** A message's answer, and the character set to send it in (its own, FEED-59). */
export interface ReceivedAdt {
  readonly answer: AdtAnswer;
  /** The message the answer is built from (its MSH at least); undefined: not HL7 at all. */
  readonly message: Hl7Message | undefined;
  readonly charset: Hl7Charset;
}

/**
 * One message's bytes as they came in a frame (decisions FEED-58, FEED-59): MSH is read from the
 * bytes (every character set Careboard reads is ASCII-compatible), the facility must take the
 * sender (FEED-52), then the whole message is decoded in the character set MSH-18 names (the
 * facility's default when it names none) and goes the one way ADT comes in. The bytes are
 * stored as received, also when they cannot be decoded (AE, never stored as U+FFFD), so a
 * message can be read again after a fix. `refusal`: the frame's reason to refuse every message
 * in it (a batch cut short), settled AR without applying.
 */
export async function receiveAdtBytes(
  db: Db,
  bytes: Buffer,
  peer: AdtPeer,
  options: ReceiveOptions,
  refusal?: string,
): Promise<ReceivedAdt> {
  const now = options.now ?? new Date();
  try {
    return await receiveBytes(db, bytes, peer, options, now, refusal);
  } catch (error) {
    throw notStored(error);
  }
}

/** The demo's simulated EHR, whose messages are text already: the same way, as UTF-8 bytes. */
export async function receiveAdt(
  db: Db,
  message: Hl7Message,
  peer: AdtPeer,
  options: ReceiveOptions,
): Promise<AdtAnswer> {
  return (await receiveAdtBytes(db, Buffer.from(message.toString(), 'utf8'), peer, options)).answer;
}

function notStored(error: unknown): unknown {
  if (error instanceof AdtNotStored) return error;
  if (isDatabaseUnavailable(error) || (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE')) {
    return new AdtNotStored(error);
  }
  return error;
}

/** The first segment's text, read as Latin-1: MSH's fields are ASCII in every charset we read. */
export function firstSegment(bytes: Buffer): string {
  const cr = bytes.indexOf(0x0d);
  const lf = bytes.indexOf(0x0a);
  const ends = [cr, lf].filter((at) => at >= 0);
  return bytes.toString('latin1', 0, ends.length > 0 ? Math.min(...ends) : bytes.length);
}

async function receiveBytes(
  db: Db,
  bytes: Buffer,
  peer: AdtPeer,
  options: ReceiveOptions,
  now: Date,
  refusal: string | undefined,
): Promise<ReceivedAdt> {
  const head = Hl7Message.parse(firstSegment(bytes));
  const headEnvelope = readEnvelope(head);
  if (!headEnvelope) {
    const answer = await storeRefused(db, { body: '', reason: 'no MSH segment', errorCode: '101' }, options);
    return { answer, message: undefined, charset: DEFAULT_CHARSET };
  }
  const named = charsetOf(headEnvelope.charset);
  const facility = await admittedFacility(db, headEnvelope, peer, options);
  if (facility === undefined) {
    return {
      answer: await storeNotAccepted(db, headEnvelope, options),
      message: head,
      charset: named ?? DEFAULT_CHARSET,
    };
  }
  const charsetName = headEnvelope.charset || facility.charset || DEFAULT_CHARSET.name;
  const charset = headEnvelope.charset ? named : charsetOf(charsetName);
  const stored: NewFeedMessage = {
    customer_id: facility.customerId,
    feed: 'hl7',
    transport: options.transport,
    control_id: headEnvelope.controlId || null,
    message_type: headEnvelope.messageType || null,
    sending_application: headEnvelope.sendingApplication,
    sending_facility: headEnvelope.sendingFacility,
    item_count: 1,
    body: '',
    body_bytes: bytes,
    charset: charsetName.slice(0, 40),
  };
  const context = {
    customer: facility.customerId,
    control: headEnvelope.controlId,
    type: headEnvelope.messageType,
  };
  if (!charset) {
    const reason = `MSH-18 names a character set Careboard does not read (it reads ${SUPPORTED_CHARSET_NAMES.join(', ')})`;
    const answer = await storeUnread(
      db,
      { ...stored, content_sha256: sha256(bytes) },
      reason,
      options,
      context,
    );
    return { answer, message: head, charset: DEFAULT_CHARSET };
  }
  const decoded = decodeHl7(bytes, charset);
  if (!decoded.ok) {
    const answer = await storeUnread(
      db,
      { ...stored, content_sha256: sha256(bytes) },
      decoded.reason,
      options,
      context,
    );
    return { answer, message: head, charset };
  }
  const message = Hl7Message.parse(decoded.text);
  const envelope = readEnvelope(message) ?? headEnvelope;
  const answer = await receive(
    db,
    message,
    envelope,
    { ...stored, body: withoutNul(decoded.text), content_sha256: contentHash(decoded.text) },
    {
      ...options,
      testFacility: facility.testFacility,
      refusal,
      charset,
      patientId: facility.patientId,
      arrivalStatuses: facility.arrivalStatuses,
    },
    now,
  );
  return { answer, message, charset };
}

/** What a repeat is compared on: the text with segment ends as CR and without MSH-7 (FEED-58). */
function contentHash(text: string): Buffer {
  const segments = text.split(/\r\n|\r|\n/).filter((segment) => segment !== '');
  const [msh = '', ...rest] = segments;
  const fields = msh.split(msh.charAt(3) || '|');
  // MSH-7 (the time of sending) is fields[6]: an engine may stamp it anew when it resends.
  if (fields.length > 6) fields[6] = '';
  return sha256([fields.join(msh.charAt(3) || '|'), ...rest].join('\r'));
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();

/** A message whose bytes could not be read as text: stored as received, answered AE (FEED-59). */
async function storeUnread(
  db: Db,
  message: NewFeedMessage,
  reason: string,
  options: ReceiveOptions,
  context: Record<string, unknown>,
): Promise<AdtAnswer> {
  const { message: stored, repeated } = await storeFeedMessage(db, message);
  if (repeated && stored.status !== 'received') return storedAnswer(stored, true);
  return settleOnce(db, stored.id, refusal('AE', reason, '207'), { ...options, context });
}

interface MessageOptions extends ReceiveOptions {
  readonly testFacility: boolean;
  readonly refusal: string | undefined;
  readonly charset: Hl7Charset;
  /** The facility's choice of PID-3 repetition (FEED-71) and its arrival statuses (FEED-72). */
  readonly patientId?: PatientIdChoice;
  readonly arrivalStatuses?: readonly string[];
}

/**
 * The one way ADT comes in, whatever carried it (decision FEED-11). The message is stored
 * (committed) before anything else; then one transaction locks the stored row and, only if it
 * is still 'received', applies it and settles it 'applied'. A repeat of its identity (MSH-3,
 * MSH-4, MSH-10: FEED-58) finds its stored row: with the same content and settled, it changes
 * nothing and is answered with the stored code; still 'received' (the server stopped before
 * applying it), it is applied now; with other content it is kept beside it and answered AE. A
 * message we will not apply is settled 'error' (AE) or 'rejected' (AR) with the reason; one we
 * deliberately leave out (test traffic, FEED-64; a place nothing maps, FEED-63) is settled
 * 'ignored' and answered AA with the rule's reason. The caller sends the answer after this
 * returns, so an ACK always follows a commit.
 */
async function receive(
  db: Db,
  message: Hl7Message,
  envelope: Hl7Envelope,
  input: NewFeedMessage,
  options: MessageOptions,
  now: Date,
): Promise<AdtAnswer> {
  const { message: stored, repeated, contentSha256 } = await storeFeedMessage(db, input);
  const customerId = input.customer_id as string;
  const context = {
    message: stored.id,
    control: envelope.controlId,
    type: envelope.messageType,
    customer: customerId,
  };
  if (repeated) {
    if (contentSha256 && input.content_sha256 && !contentSha256.equals(input.content_sha256)) {
      return storeRepeatWithOtherContent(db, input, stored, options, context);
    }
    await countFeedMessageRepeat(db, stored.id, now);
    if (stored.status !== 'received') {
      options.log.info({ ...context, status: stored.status }, 'HL7: repeated message');
      return storedAnswer(stored, true);
    }
  }
  return applyAndSettle(db, stored.id, message, envelope, { ...options, customerId, context }, now);
}

/** How a message stands before anything is applied: refused, left out by a rule, or read. */
export type AdtPrecheck =
  | { readonly kind: 'refused'; readonly refused: Refused }
  | { readonly kind: 'ignored'; readonly reason: string }
  | { readonly kind: 'read'; readonly adt: AdtFields };

/**
 * What can be said of a message before the database is asked (shared with the dry run, so it
 * says what the feed would): no control id is AE, a batch cut short AR, a message we do not
 * read AE, test traffic at a production facility left out (FEED-64).
 */
export function precheckAdt(
  message: Hl7Message,
  envelope: Hl7Envelope,
  options: {
    readonly testFacility: boolean;
    readonly refusal: string | undefined;
    readonly charset: Hl7Charset;
    readonly patientId?: PatientIdChoice;
    readonly arrivalStatuses?: readonly string[];
  },
): AdtPrecheck {
  if (!envelope.controlId) {
    return { kind: 'refused', refused: refusal('AE', 'MSH-10 (message control id) is missing', '101') };
  }
  if (options.refusal) return { kind: 'refused', refused: refusal('AR', options.refusal, '207') };
  const read = readAdt(message, envelope, options);
  if (!read.ok) return { kind: 'refused', refused: refusal('AE', read.reason, read.errorCode) };
  if (envelope.processingId !== 'P' && !options.testFacility) {
    return { kind: 'ignored', reason: testTrafficReason(envelope.processingId) };
  }
  return { kind: 'read', adt: read.adt };
}

/** Statuses a replay may settle again (decision FEED-67): what was left out or refused. */
const REPLAYABLE: ReadonlySet<string> = new Set(['ignored', 'error', 'rejected']);

interface SettleOptions extends MessageOptions {
  readonly customerId: string;
  readonly context: Record<string, unknown>;
  /** A stored message read again: it may be settled anew, and is not counted again. */
  readonly replay?: boolean;
}

/**
 * Applies a stored message and settles it, or settles why not. One transaction locks the stored
 * row and, only if it is still 'received' (or, for a replay, left out or refused), applies it
 * and settles it 'applied'; a place nothing maps is settled 'ignored' in the same transaction
 * (nothing was written); a refusal rolls back what was applied and is settled apart.
 */
export async function applyAndSettle(
  db: Db,
  storedId: string,
  message: Hl7Message,
  envelope: Hl7Envelope,
  options: SettleOptions,
  now: Date,
): Promise<AdtAnswer> {
  const { customerId, context } = options;
  const precheck = precheckAdt(message, envelope, options);
  if (precheck.kind === 'refused') return settleOnce(db, storedId, precheck.refused, options);
  if (precheck.kind === 'ignored') return settleIgnored(db, storedId, { reason: precheck.reason }, options);
  const adt = precheck.adt;
  const route = `${options.routePrefix} ${adt.appointment ? 'SIU' : 'ADT'}^${adt.event}`;
  try {
    const answer = await db.transaction().execute(async (trx) => {
      // One ADT message of a customer at a time: two admits of one visit number make one visit (FEED-21).
      await lockUntilTransactionEnds(trx, 'careboard.hl7-adt', customerId);
      const locked = await lockFeedMessage(trx, storedId);
      if (!locked) return undefined;
      if (!settleable(locked, options)) return storedAnswer(locked, true);
      try {
        const effect = await applyAdt(trx, adt, { customerId, route, now });
        await settleFeedMessage(trx, storedId, { status: 'applied', ack_code: 'AA', reason: null }, now);
        options.log.info({ ...context, visit: effect.visitId, changed: effect.changed }, 'HL7: applied');
        return { code: 'AA', reason: null } satisfies AdtAnswer;
      } catch (error) {
        // Nothing is written before a rule leaves a message out: settle it here, in the same transaction.
        if (!(error instanceof AdtIgnored)) throw error;
        const { pointOfCare } = error;
        return ignoreIn(
          trx,
          storedId,
          { reason: error.message, ...(pointOfCare !== undefined ? { pointOfCare } : {}), now },
          options,
        );
      }
    });
    return answer ?? { code: 'AE', reason: 'the stored message is gone', errorCode: '207' };
  } catch (error) {
    return settleOnce(db, storedId, refusalOf(error, options, context), options);
  }
}

/** Whether a locked stored message may be settled now: not yet, or (a replay) left out or refused. */
function settleable(locked: FeedMessage, options: { readonly replay?: boolean }): boolean {
  return locked.status === 'received' || (options.replay === true && REPLAYABLE.has(locked.status));
}

/**
 * A frame larger than the limit (decision FEED-60): read to its end but not kept; answered AR
 * naming the limit, with the MSA-2 of its first message, and recorded without its body for the
 * customer whose facility took the sender, so the Integrations page shows it. It is known by
 * its head and size, not its control id: a resend is counted on the same row, and once the limit
 * is raised the same message comes in under its identity as if new.
 */
export async function receiveOversize(
  db: Db,
  frame: { readonly head: Buffer; readonly size: number; readonly limit: number },
  peer: AdtPeer,
  options: ReceiveOptions,
): Promise<ReceivedAdt> {
  try {
    const start = frame.head.indexOf('MSH');
    const reason = `the frame is ${frame.size} bytes, over the limit of ${frame.limit} bytes (HL7_MLLP_MAX_FRAME_BYTES); nothing in it was applied`;
    const head = start < 0 ? undefined : Hl7Message.parse(firstSegment(frame.head.subarray(start)));
    const envelope = head ? readEnvelope(head) : undefined;
    if (!head || !envelope) {
      const answer = await storeRefused(db, { body: '', reason, errorCode: '207' }, options);
      return { answer, message: undefined, charset: DEFAULT_CHARSET };
    }
    const charset = charsetOf(envelope.charset) ?? DEFAULT_CHARSET;
    const facility = await admittedFacility(db, envelope, peer, options);
    if (!facility) return { answer: await storeNotAccepted(db, envelope, options), message: head, charset };
    const { message: stored, repeated } = await storeFeedMessage(db, {
      customer_id: facility.customerId,
      feed: 'hl7',
      transport: options.transport,
      control_id: null,
      message_type: envelope.messageType || null,
      sending_application: envelope.sendingApplication,
      sending_facility: envelope.sendingFacility,
      item_count: 1,
      body: '',
      body_sha256: sha256(Buffer.concat([frame.head, Buffer.from(String(frame.size))])),
    });
    const context = {
      message: stored.id,
      control: envelope.controlId,
      customer: facility.customerId,
      bytes: frame.size,
    };
    if (repeated) await countFeedMessageRepeat(db, stored.id);
    const answer = await settleOnce(db, stored.id, refusal('AR', reason, '207'), { ...options, context });
    return { answer, message: head, charset };
  } catch (error) {
    throw notStored(error);
  }
}

/** Decision FEED-64: what an ignored training or debugging message is answered. */
function testTrafficReason(processingId: string): string {
  return `MSH-11 (processing id) is ${processingId || 'empty'}, not P: answered, not applied (the facility is not a test facility)`;
}

/**
 * A message that reuses a stored message's identity with other content (FEED-58): HL7 makes
 * MSH-10 unique per sending application, so this is a sender's restarted counter or a second
 * system under one name. Kept beside the stored one, not applied, answered AE naming the clash.
 */
async function storeRepeatWithOtherContent(
  db: Db,
  input: NewFeedMessage,
  stored: FeedMessage,
  options: MessageOptions,
  context: Record<string, unknown>,
): Promise<AdtAnswer> {
  const kept = await storeDifferingRepeat(db, input, stored.id);
  const reason = `MSH-10 (message control id) was used before by this sender (MSH-3, MSH-4) for a message with other content (stored message ${stored.id}); not applied`;
  return settleOnce(db, kept.id, refusal('AE', reason, '205'), {
    ...options,
    context: { ...context, message: kept.id },
  });
}

/** Settles a message left out by a rule the Integrations page shows: AA with the rule's reason. */
async function settleIgnored(
  db: Db,
  id: string,
  ignored: { readonly reason: string },
  options: SettleOptions,
): Promise<AdtAnswer> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockFeedMessage(trx, id);
    if (locked && !settleable(locked, options)) return storedAnswer(locked, true);
    return ignoreIn(trx, id, ignored, options);
  });
}

/**
 * Settles a locked message 'ignored', answered AA with the rule's reason; a point of care
 * nothing maps is kept on the row and counted, once (a replay that finds it still unmapped
 * does not count it again).
 */
async function ignoreIn(
  trx: Db,
  id: string,
  ignored: { readonly reason: string; readonly pointOfCare?: string; readonly now?: Date },
  options: SettleOptions,
): Promise<AdtAnswer> {
  await settleFeedMessage(trx, id, {
    status: 'ignored',
    ack_code: 'AA',
    reason: ignored.reason,
    point_of_care: ignored.pointOfCare ?? null,
  });
  if (ignored.pointOfCare !== undefined && !options.replay) {
    await countUnmappedPointOfCare(trx, options.customerId, ignored.pointOfCare, ignored.now ?? new Date());
  }
  options.log.info({ ...options.context, reason: ignored.reason }, 'HL7: answered, not applied');
  return { code: 'AA', reason: ignored.reason } satisfies AdtAnswer;
}

/**
 * The facility mapping MSH-6 names, if it lists the sender (MSH-3, MSH-4) at this address
 * (decision FEED-52); undefined otherwise, with a warning for the operator that says which
 * address tried and why (engine names only, nothing from PID).
 */
async function admittedFacility(
  db: Db,
  envelope: Hl7Envelope,
  peer: AdtPeer,
  options: ReceiveOptions,
): Promise<FacilitySenders | undefined> {
  const mapping = envelope.facility ? await findFacilitySenders(db, envelope.facility) : undefined;
  const why: AdtSenderRefusal | 'no facility mapping' | undefined = mapping
    ? refuseSender(mapping.senders, {
        address: peer.address,
        sendingApplication: envelope.sendingApplication,
        sendingFacility: envelope.sendingFacility,
      })
    : 'no facility mapping';
  if (why === undefined) return mapping;
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
    sending_application: envelope.sendingApplication,
    sending_facility: envelope.sendingFacility,
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

export interface Refused extends FeedMessageOutcome {
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
export function refusalOf(
  error: unknown,
  options: Pick<ReceiveOptions, 'log'>,
  context: Record<string, unknown>,
): Refused {
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
  options: ReceiveOptions & { readonly context: Record<string, unknown>; readonly replay?: boolean },
): Promise<AdtAnswer> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockFeedMessage(trx, id);
    if (locked && !settleable(locked, options)) return storedAnswer(locked, true);
    await settleFeedMessage(trx, id, { ...refused, point_of_care: null });
    options.log.warn(
      { ...options.context, code: refused.ack_code, reason: refused.reason },
      'HL7: not applied',
    );
    return { code: refused.ack_code, reason: refused.reason, errorCode: refused.errorCode };
  });
}

/**
 * A frame that is not HL7 (no MSH segment, or one that begins with something else): kept for
 * review with no customer and without its bytes (they name no facility, so no customer may see
 * them), answered AE with the reason.
 */
export async function receiveNotHl7(db: Db, reason: string, options: ReceiveOptions): Promise<AdtAnswer> {
  try {
    return await storeRefused(db, { body: '', reason, errorCode: '101' }, options);
  } catch (error) {
    throw notStored(error);
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
