import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Work } from './advisory-lock.ts';
import type { Db } from './database.ts';
import { pruneRetention } from './retention-pruning.ts';

/** How often the node that holds the pruning lock prunes (decision LIVE-13). */
export const PRUNE_EVERY_MS = 10 * 60_000;
/** Rows deleted per statement: short transactions, no long lock on the log while boards read it. */
const BATCH = 10_000;

/**
 * Deletes change_log rows committed before `before`, except each customer's newest row (so
 * `findCurrentVersion` never goes back and versions never repeat) and each display board's
 * newest relevant row (so its "last change" time survives). Catch-up reads from the last
 * version a node has seen, seconds old on a running node, so it never needs an old row
 * (decision LIVE-13). Returns how many rows went.
 */
export async function pruneChangeLog(db: Db, before: Date, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      WITH keep AS (
        SELECT max(version) AS version FROM change_log GROUP BY customer_id
        UNION
        SELECT (
          SELECT l.version FROM change_log l
          WHERE l.customer_id = b.customer_id AND (l.board_ids IS NULL OR b.id = ANY (l.board_ids))
          ORDER BY l.version DESC LIMIT 1
        ) FROM display_boards b
      ),
      doomed AS (
        SELECT version FROM change_log
        WHERE created_at < ${before}
          AND version NOT IN (SELECT version FROM keep WHERE version IS NOT NULL)
        ORDER BY version
        LIMIT ${batch}
      )
      DELETE FROM change_log WHERE version IN (SELECT version FROM doomed)`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0n);
    total += deleted;
    if (deleted < batch) return total;
  }
}

export interface PruningOptions {
  readonly db: Db;
  readonly retentionHours: number;
  readonly log: Logger;
  readonly everyMs?: number;
}

/** Prunes now and then every `everyMs`; run by one node of a cluster at a time (runOnOneNode). */
export function startChangeLogPruning(options: PruningOptions): Work {
  const everyMs = options.everyMs ?? PRUNE_EVERY_MS;
  let running: Promise<void> | undefined;
  const prune = () => {
    if (running) return;
    running = (async () => {
      const before = new Date(Date.now() - options.retentionHours * 3_600_000);
      const deleted = await pruneChangeLog(options.db, before);
      if (deleted > 0) options.log.info({ deleted, before }, 'pruned the change log');
      // Retention runs in the same round, by the same one node (FEED-07, BOF-56): counts, never names.
      const retention = await pruneRetention(options.db);
      if (Object.values(retention).some((count) => count > 0)) {
        options.log.info(retention, 'retention: names removed and old records deleted');
      }
    })()
      .catch((error: unknown) => {
        // The database may be unavailable for a while: the next round tries again.
        options.log.warn({ err: error }, 'pruning the change log failed');
      })
      .finally(() => {
        running = undefined;
      });
  };
  prune();
  const timer = setInterval(prune, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
