import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError } from '../../errors/app-error.ts';
import { toAppError } from '../../errors/database-errors.ts';
import { lockUntilTransactionEnds } from '../../store/advisory-lock.ts';
import type { Db } from '../../store/database.ts';
import {
  countFeedMessageRepeat,
  lockFeedMessage,
  settleFeedMessage,
  storeFeedMessage,
} from '../../store/repositories/feed-messages.ts';
import type { FeedTransport } from '../../store/tables/feeds.ts';
import { applySightings } from './apply-sightings.ts';
import { applyRules, type RuleOutcome } from './rules.ts';
import { parseSightingBatch } from './sighting-batch.ts';

/** What a batch did: `received = applied + unknown + stale` (decision FEED-36). */
export interface SightingCounts {
  readonly received: number;
  readonly applied: number;
  readonly unknown: number;
  readonly stale: number;
}

export type IngestOutcome =
  | { readonly ok: true; readonly counts: SightingCounts; readonly rules: RuleOutcome; readonly ms: number }
  /** The batch is not one (bad JSON, a missing field): stored as 'error' with the reason. */
  | { readonly ok: false; readonly error: AppError };

export interface IngestOptions {
  readonly customerId: string;
  /** The batch as it arrived (stored as it is, for review). */
  readonly body: string;
  readonly transport: Extract<FeedTransport, 'webhook' | 'mqtt' | 'demo'>;
  /** What the audit log names as the route of the feed's changes. */
  readonly route: string;
  /** The request's log, or the feed's: pino either way. */
  readonly log: Pick<Logger, 'debug' | 'warn'>;
  readonly now?: Date;
}

const NO_RULES: RuleOutcome = Object.freeze({
  visitsMoved: [],
  visitsRestaffed: [],
  assetsMoved: [],
  batteryChanged: [],
});

/** What identifies a batch without a batch id: its bytes (decision FEED-56). */
export function bodyHashOf(body: string | Buffer): Buffer {
  return createHash('sha256').update(body).digest();
}

/**
 * The one way sightings come in, whatever brought them (webhook, MQTT, the demo, a benchmark;
 * decision FEED-22): the batch
 * is stored first, then applied in one transaction (tags, then the rules through the
 * services) and settled in it as 'applied'; a batch that is not valid is settled as 'error'
 * with the reason. Batches of one customer are applied one at a time (decision FEED-32).
 * A database failure is thrown (as a catalogue error) after the message is marked 'error'.
 * A delivery of a message already stored (its batch id, else the same bytes) is counted on
 * that message's row, not stored again, and answered as the first was (FEED-33, FEED-56).
 */
export async function ingestSightings(db: Db, options: IngestOptions): Promise<IngestOutcome> {
  const { customerId, log } = options;
  const now = options.now ?? new Date();
  const parsed = parseSightingBatch(options.body);
  const { message, repeated } = await storeFeedMessage(db, {
    customer_id: customerId,
    feed: 'rtls',
    transport: options.transport,
    control_id: parsed.ok ? (parsed.batch.batch_id ?? null) : null,
    message_type: 'sightings',
    item_count: parsed.ok ? parsed.batch.sightings.length : 0,
    body: options.body,
    body_sha256: bodyHashOf(options.body),
  });
  if (!parsed.ok) {
    const reason = parsed.error.message;
    // The same refused bytes again: refused as before, one more on the stored row's count.
    if (repeated) await countFeedMessageRepeat(db, message.id, now);
    if (!repeated || message.status === 'received')
      await settleFeedMessage(db, message.id, { status: 'error', reason });
    log.warn({ feed: 'rtls', customer: customerId, message: message.id, reason }, 'sightings refused');
    return { ok: false, error: parsed.error };
  }
  const { batch } = parsed;
  const started = performance.now();
  try {
    const applied = await db.transaction().execute(async (trx) => {
      await lockUntilTransactionEnds(trx, 'careboard.rtls-sightings', customerId);
      const stored = await lockFeedMessage(trx, message.id);
      // Another delivery of a stored message is a count on its row, never a copy (FEED-56).
      if (repeated) await countFeedMessageRepeat(trx, message.id, now);
      if (repeated && stored?.status === 'applied') {
        // The same batch id (or bytes) again: applied already; nothing changes (decision FEED-33).
        const unknown = stored.unknown_count;
        const counts = {
          received: batch.sightings.length,
          applied: 0,
          unknown,
          stale: batch.sightings.length - unknown,
        };
        return { counts, rules: NO_RULES, unknownTags: [], unknownSensors: [] };
      }
      const result = await applySightings(trx, customerId, batch, now);
      const rules = await applyRules(trx, result.changes, { customerId, route: options.route, now });
      await settleFeedMessage(trx, message.id, { status: 'applied', unknown_count: result.unknown }, now);
      const { received, unknown, stale } = result;
      return { counts: { received, applied: result.applied, unknown, stale }, rules, ...result };
    });
    const ms = performance.now() - started;
    if (applied.unknownTags.length > 0 || applied.unknownSensors.length > 0) {
      // Labels and identifiers only (never a person's name), a few of each.
      log.debug(
        {
          feed: 'rtls',
          customer: customerId,
          unknown: applied.counts.unknown,
          tags: applied.unknownTags.slice(0, 20),
          sensors: applied.unknownSensors.slice(0, 20),
        },
        'sightings of unknown tags or sensors',
      );
    }
    log.debug(
      { feed: 'rtls', customer: customerId, ...applied.counts, ms: Math.round(ms) },
      'sightings applied',
    );
    return { ok: true, counts: applied.counts, rules: applied.rules, ms };
  } catch (error) {
    const appError = toAppError(error);
    const reason = `not applied: ${appError instanceof AppError ? appError.message : 'unexpected error'}`;
    // A repeat of an applied message failing leaves that message as it was: applied.
    if (!repeated || message.status !== 'applied')
      await settleFeedMessage(db, message.id, { status: 'error', reason }).catch(() => undefined);
    throw appError;
  }
}
