import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../src/store/free-port.ts';

/** Debian's own PostgreSQL (15 on bookworm): the hospital's external database in a test. */
const BIN = '/usr/lib/postgresql/15/bin';
const READY = /database system is ready to accept connections/;

export interface DebianPostgres {
  /** postgres://… of an empty database `careboard` that the test owns. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** The postgres user's ids when we are root (PostgreSQL refuses to run as root), else none. */
function postgresUser(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * A fresh cluster of Debian's PostgreSQL on a loopback port in a folder of its own, with a database
 * `careboard` and a password user; stopped and removed by `stop()`.
 */
export async function startDebianPostgres(): Promise<DebianPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'careboard-test-pg15-'));
  chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  const user = postgresUser();
  if ('uid' in user) chownSync(dir, user.uid, user.gid);
  const init = spawnSync(`${BIN}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], {
    ...user,
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const args = [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
  ];
  const child: ChildProcess = spawn(`${BIN}/postgres`, args, {
    ...user,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (READY.test(log)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`PostgreSQL 15 exited with ${code}: ${log}`)));
    child.once('error', reject);
  });
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE ROLE careboard LOGIN PASSWORD 'careboard-test'`);
  await admin.query('CREATE DATABASE careboard OWNER careboard');
  await admin.end();
  return {
    url: `postgres://careboard:careboard-test@127.0.0.1:${port}/careboard`,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
