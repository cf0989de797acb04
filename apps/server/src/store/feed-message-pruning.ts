import { sql } from 'kysely';
import type { Db } from './database.ts';

/** How long a feed's messages are kept (decision FEED-07): settled ones a week, refused and ignored ones a month. */
export const FEED_MESSAGE_RETENTION_DAYS = { settled: 7, refused: 30 } as const;
const DAY_MS = 86_400_000;
const BATCH = 10_000;

/**
 * Deletes feed messages past their retention, in short batches: applied and duplicate ones after
 * a week (an interface engine resends within minutes, so a repeated control id is still found),
 * errors, refusals and ignored ones after a month (an analyst reviews them, and replays those a
 * mapping left out once it is fixed, decision FEED-63). A message still `received` (never
 * applied: its node died) is kept until it is settled. Returns how many went.
 */
export async function pruneFeedMessages(db: Db, now: Date = new Date(), batch = BATCH): Promise<number> {
  const settledBefore = new Date(now.getTime() - FEED_MESSAGE_RETENTION_DAYS.settled * DAY_MS);
  const refusedBefore = new Date(now.getTime() - FEED_MESSAGE_RETENTION_DAYS.refused * DAY_MS);
  let total = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM feed_messages WHERE id IN (
        SELECT id FROM feed_messages
        WHERE (status IN ('applied', 'duplicate') AND received_at < ${settledBefore})
           OR (status IN ('ignored', 'error', 'rejected') AND received_at < ${refusedBefore})
        ORDER BY id
        LIMIT ${batch}
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0n);
    total += deleted;
    if (deleted < batch) return total;
  }
}
