import { createHash } from 'node:crypto';
import { PRODUCT_VERSION } from '@careboard/contracts';
import {
  Kysely,
  type Migration,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  sql,
} from 'kysely';
import pg from 'pg';
import { isDatabaseUnavailable } from '../errors/database-errors.ts';
import { requestDeadline } from './database-deadline.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** How long a query may wait for a connection, and run, unless the caller says otherwise (FND-20). */
export const DEFAULT_DATABASE_TIMEOUT_MS = 5_000;

/**
 * How long a pool's connection may sit idle before it is closed (LIVE-50): minutes, not seconds, so
 * a busy spell after a quiet few seconds finds its connections open (opening one is slow on a busy
 * machine, and prepares the board reads again, LIVE-41), and a quiet night still gives them back.
 */
export const POOL_IDLE_CLOSE_MS = 300_000;

/**
 * A pool whose every wait is bounded (decision FND-20): a connection is acquired within
 * `timeoutMs` or the query fails; PostgreSQL cancels a statement running longer
 * (statement_timeout); and the client stops waiting for an answer a second after that
 * (query_timeout), for a server that is frozen and so cancels nothing. Within a request those
 * limits are one: its connection waits and statements together end `timeoutMs` after its first
 * wait (FND-35). The errors these raise become 503 SERVICE_UNAVAILABLE (errors/database-errors.ts).
 */
export function openDatabase(
  url: string,
  maxConnections = 10,
  timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS,
  idleCloseMs = POOL_IDLE_CLOSE_MS,
): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 1_000,
    idleTimeoutMillis: idleCloseMs,
    keepAlive: true,
  });
  // An idle client's error (the server stopped or restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: discardingBrokenClients(pool, timeoutMs) }),
  });
  pools.set(db, { pool, timeoutMs, url });
  return db;
}

const pools = new WeakMap<Db, { pool: pg.Pool; timeoutMs: number; url: string }>();
const preparing = new WeakMap<Db, Db>();
/** Statement texts a preparing Db names; past this, a new text is sent unnamed (a bound on each connection's statements). */
const MOST_PREPARED = 200;

/**
 * The same pool, but each statement with parameters is prepared once per connection and its plan
 * kept by PostgreSQL (LIVE-41): the reads every change repeats for every board (joins of five to
 * seven tables) were planned again each time, and planning cost more than running them. For
 * queries of a bounded set of texts (not an `in` list of any length): each text is a statement
 * held by every connection. Ending it leaves the pool to `db`; one made elsewhere is returned as it is.
 */
export function preparingStatements(db: Db): Db {
  const made = preparing.get(db);
  if (made) return made;
  const opened = pools.get(db);
  // Not opened here (a test's own): statements as they are.
  if (!opened) return db;
  const { pool, timeoutMs } = opened;
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MOST_PREPARED) {
      name = `p${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  const preparingDb = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: { ...discardingBrokenClients(pool, timeoutMs, nameOf), end: async () => undefined },
    }),
  });
  preparing.set(db, preparingDb);
  return preparingDb;
}

/** pg-pool's own words for a connection wait that ran out: errors/database-errors.ts knows them. */
const CONNECT_TIMED_OUT = 'timeout exceeded when trying to connect';

/**
 * A connection from the pool by `deadline`. The pool's own limit is the whole timeout, so a
 * request's later waits, which have less left, race a timer of their own; a connection that
 * arrives after it is handed straight back.
 */
async function connectBy(pool: pg.Pool, deadline: number, timeoutMs: number): Promise<pg.PoolClient> {
  const left = deadline - Date.now();
  if (left >= timeoutMs) return pool.connect();
  if (left <= 0) throw new Error(`${CONNECT_TIMED_OUT}: the request's time on the database is up`);
  const pending = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(CONNECT_TIMED_OUT)), left);
  });
  try {
    return await Promise.race([pending, late]);
  } catch (error) {
    pending.then(
      (client) => client.release(),
      () => undefined,
    );
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The pool as Kysely sees it, except that a client whose query failed for want of the
 * database (timed out, connection lost) is destroyed on release instead of reused: a
 * timed-out query may still be in flight on it, and the next one would queue behind it.
 * Within a request every wait ends by the request's deadline (FND-35): the connection wait
 * races it, and each statement's query_timeout is what is left of it.
 */
function discardingBrokenClients(
  pool: pg.Pool,
  timeoutMs: number,
  nameOf?: (text: string) => string | undefined,
): PostgresPool {
  return {
    async connect() {
      const deadline = requestDeadline(timeoutMs);
      const client = await connectBy(pool, deadline ?? Date.now() + timeoutMs, timeoutMs);
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
          const [text, values] = args;
          // Cursors and other query objects pass as they are.
          if (typeof text !== 'string') return (client.query as (...a: unknown[]) => unknown)(...args);
          // Once broken, fail at once: a ROLLBACK after a timed-out statement would wait as long again.
          if (broken)
            return Promise.reject(new Error('Connection terminated: an earlier query on it failed'));
          // Outside a request each statement has its own limit; within one, what is left of the request's.
          const left = deadline === undefined ? timeoutMs + 1_000 : deadline - Date.now();
          if (left <= 0) {
            // Not sent; the connection may be mid-transaction, so it is not given back as it is.
            broken = true;
            return Promise.reject(new Error("Query read timeout: the request's time on the database is up"));
          }
          const name = nameOf && Array.isArray(values) && values.length > 0 ? nameOf(text) : undefined;
          return client
            .query({
              text,
              ...(Array.isArray(values) ? { values } : {}),
              ...(name ? { name } : {}),
              query_timeout: left,
            } as pg.QueryConfig)
            .catch(noteBroken);
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

/**
 * A migration failed: PostgreSQL rolled back every migration of this start with it (FND-49), so the
 * database is as it was. Its message is the one line the server and the CLI print.
 */
export class MigrationFailedError extends Error {}

/**
 * The database holds a migration this code does not know (FND-50): a newer Careboard (or another
 * build) wrote it, and nothing here may touch it. Its message is the one line printed at start.
 */
export class NewerDatabaseError extends Error {}

/** PostgreSQL's words (or Node's), on one line. */
const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();

/** The migrations already run on this database, by name; none when it is empty. */
async function executedMigrations(db: Db): Promise<string[]> {
  const table = await sql<{ found: boolean }>`
    SELECT to_regclass('kysely_migration') IS NOT NULL AS found`.execute(db);
  if (!table.rows[0]?.found) return [];
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Refuses, before anything is written, a database holding migrations `known` does not have
 * (FND-50): Kysely stops on them too, but after its own setup, and in words ("corrupted
 * migrations") that tell an operator nothing.
 */
async function refuseUnknownMigrations(db: Db, known: readonly string[]): Promise<string | undefined> {
  const executed = await executedMigrations(db);
  const unknown = executed.filter((name) => !known.includes(name));
  const knownLatest = known.at(-1) ?? '';
  const latest = executed.at(-1);
  if (unknown.length === 0) return latest;
  const theirs = unknown.at(-1) ?? '';
  if (theirs > knownLatest)
    throw new NewerDatabaseError(
      `careboard: the database was written by a newer Careboard (its latest migration is ${theirs}; this version ${PRODUCT_VERSION} knows up to ${knownLatest}): start that version, or restore the backup taken before the upgrade.`,
    );
  throw new NewerDatabaseError(
    `careboard: the database was written by another build of Careboard (it holds migration ${theirs}, which this version ${PRODUCT_VERSION} does not know): start the version that wrote it, or restore the backup taken before the upgrade.`,
  );
}

/**
 * How long a migration's statement may run: a migration over a hospital's years of rows (an index
 * made, a column filled) takes longer than a request's DATABASE_TIMEOUT_MS, and one cut short
 * fails the whole upgrade. As long as Kysely waits for another start's migration lock.
 */
export const MIGRATION_STATEMENT_TIMEOUT_MS = 3_600_000;

/**
 * Brings the database to the latest of `known` (every migration; a test passes a set of its own).
 * Kysely runs all pending migrations on PostgreSQL in one transaction, under an advisory lock that
 * makes concurrent starts wait their turn (FND-49): a failure rolls every one of them back, so the
 * database stays at the version the previous release runs on, never between two versions. They run
 * on a connection of their own, whose statements may take MIGRATION_STATEMENT_TIMEOUT_MS.
 */
export async function migrateToLatest(
  db: Db,
  known: Readonly<Record<string, Migration>> = migrations,
): Promise<void> {
  // Within the caller's limits: a database that does not answer fails the start as any query would.
  const before = await refuseUnknownMigrations(db, Object.keys(known).sort());
  const opened = pools.get(db);
  const own = opened ? openDatabase(opened.url, 1, MIGRATION_STATEMENT_TIMEOUT_MS) : db;
  try {
    const migrator = new Migrator({ db: own, provider: { getMigrations: async () => ({ ...known }) } });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (failed)
      throw new MigrationFailedError(
        `careboard: migration ${failed.migrationName} failed: ${reasonOf(error)}. Nothing was applied: the database is as it was (${before ? `at migration ${before}, where the previous version starts on it` : 'empty'}).`,
        { cause: error },
      );
    // Kysely's own steps (its tables, its lock) failed: the database's error as it is.
    if (error) throw error;
  } finally {
    if (own !== db) await own.destroy();
  }
}

/**
 * Whether the database holds Careboard's tables (its first migration ran there): a database a
 * server has used, as opposed to an empty one the admin command must not fill (FND-37).
 */
export async function holdsCareboardData(db: Db): Promise<boolean> {
  const table = await sql<{
    found: boolean;
  }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS found`.execute(db);
  if (!table.rows[0]?.found) return false;
  const first = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM kysely_migration WHERE name = '0001-customers') AS found`.execute(db);
  return first.rows[0]?.found === true;
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
