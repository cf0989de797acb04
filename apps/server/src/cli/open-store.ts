import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { isDatabaseUnavailable } from '../errors/database-errors.ts';
import { type Db, holdsCareboardData, migrateToLatest, openDatabase } from '../store/database.ts';
import { hasEmbeddedCluster, runningEmbeddedUrl, startEmbeddedPostgres } from '../store/embedded-postgres.ts';

/**
 * Where the command looked holds no Careboard data (or cannot be reached): one line that says
 * where, and how to point the command at the server's.
 */
export class NoStoreError extends Error {}

export interface Store {
  readonly db: Db;
  /** The database's address, for a command that needs a connection of its own (a backup's). */
  readonly url: string;
  /** What the command works on, said on every run: `data in /srv/careboard` or `database postgres://…`. */
  readonly where: string;
  close(): Promise<void>;
}

/** A database URL as the command names it: scheme, host, port and database, never a user or password. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/**
 * The store the server uses: DATABASE_URL; else the embedded cluster of a server running on
 * the data directory; else that cluster started for the length of the command. Never a store
 * of its own (decision FND-37): a data directory without a cluster, or a database without
 * Careboard's tables, is not the server's, so the command stops and says where it looked.
 */
export async function openStore(
  config: Config,
  log: Logger,
  options: { readonly migrate?: boolean } = {},
): Promise<Store> {
  const migrate = options.migrate ?? true;
  if (config.databaseUrl) {
    const named = `database ${describeDatabase(config.databaseUrl)}`;
    return openChecked(config.databaseUrl, named, undefined, migrate, () =>
      noData(
        `careboard: no Careboard data in ${named}: it has no Careboard tables. Set DATABASE_URL to the database the server uses (a server makes the tables on its first start).`,
      ),
    );
  }
  const running = runningEmbeddedUrl(config.dataDir);
  if (!running && !hasEmbeddedCluster(config.dataDir)) {
    throw noData(
      `careboard: no Careboard data in ${config.dataDir} (no PostgreSQL cluster there). Run the command with the server's: CAREBOARD_DATA_DIR=<the server's data directory>, or DATABASE_URL=postgres://… for an external database.`,
    );
  }
  const embedded = running ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  const named = `data in ${config.dataDir}${running ? '' : ' (its PostgreSQL started for this command)'}`;
  return openChecked(running ?? embedded?.url ?? '', named, embedded, migrate, () =>
    noData(
      `careboard: no Careboard data in ${config.dataDir}: its database has no Careboard tables. Set CAREBOARD_DATA_DIR to the server's data directory.`,
    ),
  );
}

const noData = (message: string) => new NoStoreError(message);

async function openChecked(
  url: string,
  where: string,
  embedded: { stop(): Promise<void> } | undefined,
  migrate: boolean,
  refusal: () => Error,
): Promise<Store> {
  const db = openDatabase(url, 2);
  const close = async () => {
    await db.destroy();
    await embedded?.stop();
  };
  try {
    if (!(await holdsCareboardData(db))) throw refusal();
    // A backup reads the data as it is: the schema a restore must make is the one it finds.
    if (migrate) await migrateToLatest(db);
  } catch (error) {
    await close();
    // pg's words name the host and port at most, never the password.
    if (isDatabaseUnavailable(error))
      throw new NoStoreError(`careboard: cannot reach ${where}: ${reasonOf(error)}`);
    throw error;
  }
  return { db, url, where, close };
}

/** What went wrong, in pg's or Node's words; an AggregateError (every address refused) has only a code. */
function reasonOf(error: unknown): string {
  const { message, code } = error as { message?: unknown; code?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  return typeof code === 'string' ? code : 'no answer';
}
