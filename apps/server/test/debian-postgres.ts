import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../src/store/free-port.ts';

/** Debian's own PostgreSQL (the `postgresql` package): an external database of another major version. */
const BIN = '/usr/lib/postgresql/15/bin';

export interface DebianPostgres {
  /** postgres://… of its maintenance database, as the superuser `postgres`, without a password (trust, loopback only). */
  readonly adminUrl: string;
  /** A new empty database on it; its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts Debian's PostgreSQL 15 on a fresh cluster in a temporary folder, on a free loopback
 * port. PostgreSQL refuses to run as root: as root, initdb and the server run as the `postgres`
 * user the package made (runuser), in a folder it owns.
 */
export async function startDebianPostgres(): Promise<DebianPostgres> {
  const root = mkdtempSync(path.join(tmpdir(), 'careboard-pg15-'));
  chmodSync(root, 0o755);
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dataDir, uid, gid);
  }
  const run = (command: string, args: readonly string[]) =>
    asRoot ? (['runuser', ['-u', 'postgres', '--', command, ...args]] as const) : ([command, args] as const);
  const [initdb, initArgs] = run(path.join(BIN, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  execFileSync(initdb, [...initArgs], { stdio: 'pipe' });
  const port = await freePort();
  const [postgres, args] = run(path.join(BIN, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'fsync=off',
  ]);
  const child: ChildProcess = spawn(postgres, [...args], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitUntilAnswers(adminUrl, child);
  return {
    adminUrl,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      // The postmaster itself (runuser's child as root): a fast shutdown.
      try {
        const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGINT');
      } catch {
        child.kill('SIGINT');
      }
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function waitUntilAnswers(url: string, child: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (child.exitCode !== null) throw new Error('Debian PostgreSQL exited at start');
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await sleep(100);
    }
  }
  throw new Error('Debian PostgreSQL did not answer within 20 s');
}
