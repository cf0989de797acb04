import type { FeedMessageSummaryRecord, TransportStatusRecord } from '@careboard/contracts';
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { FeedMessageStatus, FeedName, FeedTransport } from '../tables/feeds.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

/**
 * What the console's Integrations page shows of the feeds (FEED-40): per transport the last
 * message and error, counts per hour, and the newest errors. Never a message's body: it may
 * hold patients' names (decisions FEED-47, FEED-50).
 */

/** The transports in the order the console shows them; each names the feed(s) it carries. */
export const feedTransports = Object.freeze(['webhook', 'mqtt', 'mllp', 'demo'] as const);

/** Messages the feed refused or could not apply. */
const ERROR_STATUSES: readonly FeedMessageStatus[] = ['error', 'rejected'];

/** What the newest list shows: those, and those left out by a rule (FEED-63, FEED-64), which an analyst acts on too. */
const NOT_APPLIED: readonly FeedMessageStatus[] = ['ignored', ...ERROR_STATUSES];

/**
 * A transport's last message and error and its 24 hours, oldest first (`TransportStatusRecord`);
 * a message's outcome without its body (`FeedMessageSummaryRecord`, what the review lists show).
 */
export type { FeedMessageSummaryRecord, TransportStatusRecord };

const summaryColumns = [
  'id',
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
] as const;

export const HOURS_SHOWN = 24;

interface HourRow {
  transport: FeedTransport;
  hour: Date;
  received: number;
  applied: number;
  errors: number;
  sightings: number;
}

/**
 * The customer's transports: last message and last error ever (the index on customer, feed,
 * received_at answers them), and the last 24 hours by the hour, the database's clock deciding
 * what "now" is. Hours with nothing are zeros. A message's repeats (FEED-56) count as received
 * in its own hour, and its last repeat as its transport's last message.
 */
export async function readTransportStatus(db: Db, customerId: string): Promise<TransportStatusRecord[]> {
  const [lasts, hours] = await Promise.all([
    db
      .selectFrom('feed_messages')
      .select([
        'transport',
        // A repeat is a message received too, counted on the row it repeats (FEED-56).
        sql<Date | null>`max(greatest(received_at, last_repeat_at))`.as('last_message_at'),
        sql<Date | null>`max(received_at) FILTER (WHERE status IN ('error', 'rejected'))`.as('last_error_at'),
      ])
      .where('customer_id', '=', customerId)
      .groupBy('transport')
      .execute(),
    sql<HourRow>`
      WITH bounds AS (SELECT date_trunc('hour', now()) AS current_hour),
      slots AS (
        SELECT t.transport, h.hour
        FROM unnest(${sql.val([...feedTransports])}::text[]) AS t (transport),
          bounds,
          generate_series(bounds.current_hour - interval '${sql.raw(String(HOURS_SHOWN - 1))} hours', bounds.current_hour, interval '1 hour') AS h (hour)
      ),
      counts AS (
        SELECT transport, date_trunc('hour', received_at) AS hour,
          (count(*) + coalesce(sum(repeats), 0))::int AS received,
          (count(*) FILTER (WHERE status = 'applied'))::int AS applied,
          (count(*) FILTER (WHERE status IN ('error', 'rejected')))::int AS errors,
          (coalesce(sum(item_count) FILTER (WHERE feed = 'rtls'), 0))::int AS sightings
        FROM feed_messages, bounds
        WHERE customer_id = ${customerId}
          AND received_at >= bounds.current_hour - interval '${sql.raw(String(HOURS_SHOWN - 1))} hours'
        GROUP BY 1, 2
      )
      SELECT s.transport, s.hour,
        coalesce(c.received, 0) AS received, coalesce(c.applied, 0) AS applied,
        coalesce(c.errors, 0) AS errors, coalesce(c.sightings, 0) AS sightings
      FROM slots s LEFT JOIN counts c ON c.transport = s.transport AND c.hour = s.hour
      ORDER BY s.transport, s.hour`.execute(db),
  ]);
  return feedTransports.map((transport) => {
    const last = lasts.find((row) => row.transport === transport);
    return {
      transport,
      last_message_at: last?.last_message_at ?? null,
      last_error_at: last?.last_error_at ?? null,
      hours: hours.rows
        .filter((row) => row.transport === transport)
        .map(({ hour, received, applied, errors, sightings }) => ({
          hour,
          received,
          applied,
          errors,
          sightings,
        })),
    };
  });
}

/** The customer's newest refused or failed messages, newest first. */
export async function listNewestErrors(
  db: Db,
  customerId: string,
  limit: number,
): Promise<FeedMessageSummaryRecord[]> {
  return db
    .selectFrom('feed_messages')
    .select(summaryColumns)
    .where('customer_id', '=', customerId)
    .where('status', 'in', NOT_APPLIED)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface FeedMessageFilter {
  readonly feed?: FeedName | undefined;
  readonly transport?: FeedTransport | undefined;
  readonly status?: FeedMessageStatus | undefined;
}

/** A page of the customer's messages for review, newest first, without their bodies. */
export async function pageFeedMessages(
  db: Db,
  customerId: string,
  filter: FeedMessageFilter,
  page: PageRequest,
): Promise<Page<FeedMessageSummaryRecord>> {
  let query = db.selectFrom('feed_messages').select(summaryColumns).where('customer_id', '=', customerId);
  if (filter.feed !== undefined) query = query.where('feed', '=', filter.feed);
  if (filter.transport !== undefined) query = query.where('transport', '=', filter.transport);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return selectPage(query.orderBy('received_at', 'desc').orderBy('id', 'desc'), page);
}
