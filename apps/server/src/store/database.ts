import { Kysely, Migrator, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import pg from 'pg';
import { isDatabaseUnavailable } from '../errors/database-errors.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** How long a query may wait for a connection, and run, unless the caller says otherwise (FND-20). */
export const DEFAULT_DATABASE_TIMEOUT_MS = 5_000;

/**
 * A pool whose every wait is bounded (decision FND-20): a connection is acquired within
 * `timeoutMs` or the query fails; PostgreSQL cancels a statement running longer
 * (statement_timeout); and the client stops waiting for an answer a second after that
 * (query_timeout), for a server that is frozen and so cancels nothing. The errors these
 * raise become 503 SERVICE_UNAVAILABLE (errors/database-errors.ts).
 */
export function openDatabase(url: string, maxConnections = 10, timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 1_000,
    idleTimeoutMillis: 10_000,
    keepAlive: true,
  });
  // An idle client's error (the server stopped or restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: discardingBrokenClients(pool) }) });
}

/**
 * The pool as Kysely sees it, except that a client whose query failed for want of the
 * database (timed out, connection lost) is destroyed on release instead of reused: a
 * timed-out query may still be in flight on it, and the next one would queue behind it.
 */
function discardingBrokenClients(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let broken = false;
      const noteBroken = (error: unknown) => {
        if (isDatabaseUnavailable(error)) broken = true;
        throw error;
      };
      // pg-pool listens for errors on idle clients only: a checked-out client whose server goes
      // away emits 'error' too, which would crash the process. Its query fails as well; drop it.
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      return {
        query: (...args: unknown[]) => {
          // Once broken, fail at once: a ROLLBACK after a timed-out statement would wait as long again.
          if (broken && typeof args[0] === 'string') {
            return Promise.reject(new Error('Connection terminated: an earlier query on it failed'));
          }
          const result = (client.query as (...a: unknown[]) => unknown)(...args);
          return result instanceof Promise ? result.catch(noteBroken) : result;
        },
        release: () => {
          client.removeListener('error', onError);
          client.release(broken);
        },
      } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed.`, { cause: error });
  }
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
