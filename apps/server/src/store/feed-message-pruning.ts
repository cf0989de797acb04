import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * How long a feed's messages are kept (decisions FEED-07, BOF-55): settled ones a week, and none
 * longer than the customer's `feed_message_retention_days` (30 unless set, the month refused and
 * ignored ones were kept before it was a setting). A message of no customer keeps the default.
 */
export const FEED_MESSAGE_RETENTION_DAYS = { settled: 7, default: 30 } as const;
const DAY_MS = 86_400_000;
const BATCH = 10_000;

/** Each customer's retention, and the default for the messages that name no customer. */
interface FeedMessageRetention {
  readonly customerId: string | null;
  readonly days: number;
}

/**
 * Deletes feed messages past their retention, in short batches, bodies and all: applied and
 * duplicate ones after a week (an interface engine resends within minutes, so a repeated control
 * id is still found) or the customer's days if fewer; every other one, refused, ignored, in error
 * (an analyst reviews them, and replays those a mapping left out once it is fixed, FEED-63) or
 * still `received` (never settled: its node died, and no engine resends after weeks), after the
 * customer's days. Returns how many went.
 */
export async function pruneFeedMessages(db: Db, now: Date = new Date(), batch = BATCH): Promise<number> {
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'feed_message_retention_days'])
    .orderBy('id')
    .execute();
  const retentions: FeedMessageRetention[] = [
    ...customers.map((row) => ({ customerId: row.id, days: row.feed_message_retention_days })),
    { customerId: null, days: FEED_MESSAGE_RETENTION_DAYS.default },
  ];
  let total = 0;
  for (const retention of retentions) total += await pruneOnesMessages(db, retention, now, batch);
  return total;
}

async function pruneOnesMessages(
  db: Db,
  { customerId, days }: FeedMessageRetention,
  now: Date,
  batch: number,
): Promise<number> {
  const settledBefore = new Date(
    now.getTime() - Math.min(FEED_MESSAGE_RETENTION_DAYS.settled, days) * DAY_MS,
  );
  const before = new Date(now.getTime() - days * DAY_MS);
  const owner = customerId === null ? sql`customer_id IS NULL` : sql`customer_id = ${customerId}`;
  let total = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM feed_messages WHERE id IN (
        SELECT id FROM feed_messages
        WHERE ${owner}
          AND (received_at < ${before}
            OR (status IN ('applied', 'duplicate') AND received_at < ${settledBefore}))
        ORDER BY id
        LIMIT ${batch}
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0n);
    total += deleted;
    if (deleted < batch) return total;
  }
}
