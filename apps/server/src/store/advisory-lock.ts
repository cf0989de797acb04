import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './database.ts';

/** Work that runs on one node at a time, such as the demo simulator. */
export interface Work {
  /** Ends the work and waits for what it has under way. */
  stop(): Promise<void>;
}

export interface OneNodeOptions {
  readonly databaseUrl: string;
  /** Names the lock: every node that could do this work uses the same name. */
  readonly lock: string;
  readonly log: Logger;
  /** Starts the work on the node that holds the lock. */
  readonly start: () => Work;
  /** How often a node without the lock tries to take it, and the holder checks its session. */
  readonly retryMs?: number;
}

export interface OneNode {
  /** True while this node holds the lock and runs the work. */
  readonly leading: boolean;
  /** Stops the work if it runs here, then ends the session, which frees the lock for another node. */
  stop(): Promise<void>;
}

const RETRY_MS = 5_000;
const TIMEOUT_MS = 10_000;

/** A stable 64-bit key for a lock name (advisory locks are keyed by bigint). */
export function advisoryLockKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}

/**
 * Takes the advisory lock named `name` for `key` (a customer id) until the transaction
 * ends, waiting while another transaction holds it: what runs after it in the
 * transaction runs one at a time per name and key.
 */
export async function lockUntilTransactionEnds(trx: Db, name: string, key: string): Promise<void> {
  if (!trx.isTransaction) throw new Error('lockUntilTransactionEnds must run inside a transaction.');
  await sql`SELECT pg_advisory_xact_lock(hashtext(${name}), hashtext(${key}))`.execute(trx);
}

/**
 * Runs work on exactly one of the nodes sharing a database: the one whose session holds a
 * PostgreSQL advisory lock. The lock belongs to a dedicated connection, so it goes when the
 * holder stops or dies (PostgreSQL ends the session), and another node's next try takes it
 * over within `retryMs`. A holder that loses its connection stops its work at once.
 */
export function runOnOneNode(options: OneNodeOptions): OneNode {
  const key = advisoryLockKey(options.lock);
  const retryMs = options.retryMs ?? RETRY_MS;
  const log = options.log.child({ lock: options.lock });
  let stopped = false;
  let client: pg.Client | undefined;
  let work: Work | undefined;
  /** Work whose lock was lost and that is still winding down: this node counts as leading until it has. */
  let winding: Work | undefined;
  let windingDown: Promise<void> = Promise.resolve();
  let wake = () => {};

  /** The session is gone or unusable: stop the work it guarded and drop the connection. */
  const lose = async (error: unknown) => {
    const [lostWork, lostClient] = [work, client];
    work = undefined;
    client = undefined;
    if (lostWork) {
      winding = lostWork;
      log.warn({ err: error }, 'lost the lock: stopping the work here');
      windingDown = lostWork
        .stop()
        .catch((stopError: unknown) => log.error({ err: stopError }, 'stopping failed'));
      await windingDown;
      winding = undefined;
    }
    await lostClient?.end().catch(() => undefined);
  };

  const connect = async (): Promise<pg.Client> => {
    // Bounded waits: a database that stops answering must not hold up a node's shutdown.
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      keepAlive: true,
      connectionTimeoutMillis: TIMEOUT_MS,
      query_timeout: TIMEOUT_MS,
    });
    next.on('error', (error) => {
      if (client === next) void lose(error);
    });
    await next.connect();
    return next;
  };

  const attempt = async () => {
    // Not before the lost work has stopped: this node must not run it twice at once.
    if (winding) return;
    client ??= await connect();
    if (work) {
      // Still our session, so still our lock.
      await client.query('SELECT 1');
      return;
    }
    const { rows } = await client.query<{ held: boolean }>(
      'SELECT pg_try_advisory_lock($1::bigint) AS held',
      [key],
    );
    if (rows[0]?.held && !stopped) {
      log.info('took the lock: the work runs on this node');
      work = options.start();
    }
  };

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, retryMs);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopped) {
      await attempt().catch(async (error: unknown) => {
        log.debug({ err: error }, 'lock attempt failed');
        await lose(error);
      });
      if (!stopped) await pause();
    }
  })();

  return {
    /** Whether the work runs here: from its start until it has stopped, lock lost or not. */
    get leading() {
      return work !== undefined || winding !== undefined;
    },
    async stop() {
      stopped = true;
      wake();
      await loop;
      await windingDown;
      const [ending, session] = [work, client];
      work = undefined;
      client = undefined;
      // The work first: the lock must outlive it, or another node could start while it finishes.
      await ending?.stop();
      await session?.end().catch(() => undefined);
    },
  };
}
