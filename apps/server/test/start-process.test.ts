import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../src/nodes/node-flags.ts';
import { SERVER_BUNDLE, SERVER_SOURCE } from '../src/nodes/server-bundle.ts';
import { freePort } from '../src/store/free-port.ts';
import { childProcessEnv } from './child-env.ts';
import { processesNaming } from './fault-helpers.ts';
import { FIXTURE_BOARD_DIR } from './test-server.ts';

const BOARD_INDEX = path.join(import.meta.dirname, '../../board/dist/index.html');

interface Run {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

/** The server from its source, or (`bundle`) as `npm start` runs it: the file `npm run build` makes. */
function run(env: Record<string, string>, entry: 'source' | 'bundle' = 'source'): Run {
  const args = entry === 'bundle' ? [...SERVER_NODE_FLAGS, SERVER_BUNDLE] : [SERVER_SOURCE];
  const child = spawn(process.execPath, args, {
    env: {
      ...childProcessEnv(),
      LOG_LEVEL: 'warn',
      ...(entry === 'source' ? { CAREBOARD_BOARD_DIR: FIXTURE_BOARD_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// Generous: three servers start and stop in one test, each loading the server's modules (seconds under load).
async function waitFor(predicate: () => boolean, what: string, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'careboard-start-'));
chmodSync(dataDir, 0o755);
const running: Run[] = [];
afterAll(async () => {
  for (const r of running) r.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('starting the server', () => {
  it('stops at start with one message naming every invalid variable', async () => {
    const r = run({ PORT: 'http', DATABASE_URL: 'postgres//user:hunter2@' });
    expect(await r.exited).toBe(1);
    expect(r.output()).toContain('Careboard cannot start: the environment is not valid.');
    expect(r.output()).toMatch(/PORT: must be a whole number from 0 to 65535/);
    expect(r.output()).toMatch(/DATABASE_URL: must be a PostgreSQL address/);
    expect(r.output()).not.toContain('hunter2');
    expect(r.output()).not.toMatch(/\n\s+at /);
  });

  it('stops with one line naming the fix when PostgreSQL cannot enter the data directory (mode 0700)', async () => {
    // As `mktemp -d` makes it. As root, PostgreSQL runs as the postgres user, who cannot enter it.
    const closed = mkdtempSync(path.join(tmpdir(), 'careboard-0700-'));
    chmodSync(closed, 0o700);
    try {
      const r = run({ PORT: String(await freePort()), CAREBOARD_DATA_DIR: closed });
      running.push(r);
      if (process.getuid?.() === 0) {
        expect(await r.exited).toBe(1);
        expect(r.output().trim()).toBe(
          `CAREBOARD_DATA_DIR ${closed} is not accessible to the postgres user (it has mode 0700): chmod o+x ${closed}, or choose another directory.`,
        );
        expect(readdirSync(closed)).toEqual([]);
      } else {
        // Not root: PostgreSQL runs as this user, who owns the directory.
        await waitFor(() => r.output().includes('Careboard is running'), 'the server');
        r.child.kill('SIGINT');
        expect(await r.exited).toBe(0);
      }
    } finally {
      rmSync(closed, { recursive: true, force: true });
    }
  });

  it('runs on the embedded PostgreSQL, refuses a second server on the same data directory, and leaves no PostgreSQL behind', async () => {
    const port = await freePort();
    const first = run({ PORT: String(port), CAREBOARD_DATA_DIR: dataDir });
    running.push(first);
    await waitFor(() => first.output().includes('Careboard is running'), 'the first server');
    const demo = await fetch(`http://127.0.0.1:${port}/api/customers/demo`);
    expect(demo.status).toBe(200);
    expect(processesNaming(dataDir).length).toBeGreaterThan(0);

    const second = run({ PORT: String(await freePort()), CAREBOARD_DATA_DIR: dataDir });
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data directory ${dataDir} is in use by another Careboard server (process ${first.child.pid}).`,
    );
    // The refused server touched nothing: the first still answers.
    expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(processesNaming(dataDir)).toEqual([]);

    // A second start reuses the cluster and its data.
    const again = run({ PORT: String(port), CAREBOARD_DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    running.push(again);
    await waitFor(() => again.output().includes('Careboard is running'), 'the restarted server');
    expect(again.output()).not.toContain('initialising the embedded PostgreSQL cluster');
    expect(again.output()).not.toContain('seeded the demo customer');
    expect((await fetch(`http://127.0.0.1:${port}/api/customers/demo`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(processesNaming(dataDir)).toEqual([]);
  }, 180_000);

  it('runs bundled as npm start runs it, finding the built board app and the logo beside it (FND-33)', async () => {
    // npm test builds before the tests run (the bundle, the board app); no CAREBOARD_BOARD_DIR:
    // the bundle finds apps/board/dist as the source does.
    const port = await freePort();
    const bundled = run({ PORT: String(port), CAREBOARD_DATA_DIR: dataDir }, 'bundle');
    running.push(bundled);
    await waitFor(
      () => bundled.output().includes('Careboard is running') || bundled.child.exitCode !== null,
      'the bundled server',
    );
    expect(bundled.output()).toContain('Careboard is running');
    expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
    const board = await fetch(`http://127.0.0.1:${port}/`);
    expect(board.status).toBe(200);
    expect(await board.text()).toBe(readFileSync(BOARD_INDEX, 'utf8'));
    // The activation page a phone opens, with the product logo read from the board's files.
    const activate = await (await fetch(`http://127.0.0.1:${port}/activate`)).text();
    expect(activate).toContain('<svg width="72" height="72" aria-hidden="true" ');
    expect((await fetch(`http://127.0.0.1:${port}/api/customers/demo`)).status).toBe(200);
    bundled.child.kill('SIGINT');
    expect(await bundled.exited).toBe(0);
    expect(processesNaming(dataDir)).toEqual([]);
  }, 120_000);

  it('recovers a data directory whose server was killed without shutting down', async () => {
    const port = await freePort();
    const killed = run({ PORT: String(port), CAREBOARD_DATA_DIR: dataDir });
    running.push(killed);
    await waitFor(() => killed.output().includes('Careboard is running'), 'the server');
    killed.child.kill('SIGKILL');
    await killed.exited;
    const next = run({ PORT: String(port), CAREBOARD_DATA_DIR: dataDir });
    running.push(next);
    await waitFor(
      () => next.output().includes('Careboard is running') || next.child.exitCode !== null,
      'the next server',
    );
    expect((await fetch(`http://127.0.0.1:${port}/api/customers/demo`)).status).toBe(200);
    next.child.kill('SIGINT');
    expect(await next.exited).toBe(0);
    expect(processesNaming(dataDir)).toEqual([]);
  }, 120_000);
});
