/**
 * Fault suite (decisions FND-12, FND-21): a real server as a child process on its own
 * data directory. (a) kill -9 under load and start again on the same data directory: every board
 * subscriber is live again and equal to a fresh snapshot. (b) kill -9 its embedded PostgreSQL: the
 * server restarts it with no restart of its own; stopping the server while PostgreSQL is dead is
 * prompt and leaves no lock or port file. Figures go to the console and test-results/.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type BoardContentField, boardContentFields } from '@careboard/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { SERVER_SOURCE } from '../src/nodes/server-bundle.ts';
import { runningEmbeddedUrl } from '../src/store/embedded-postgres.ts';
import { freePort } from '../src/store/free-port.ts';
import { childProcessEnv } from './child-env.ts';
import {
  countStatuses,
  eventually,
  firstSuccessAfter,
  followBoard,
  movableVisits,
  postgresProcesses,
  processesNaming,
  snapshotOf,
  startWrites,
  WRITER_SCOPE,
} from './fault-helpers.ts';
import { FIXTURE_BOARD_DIR, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const figures: Record<string, unknown> = {};
/** The repository's test-results/: where the run's figures are written. */
const RESULTS = fileURLToPath(new URL('../../../test-results/', import.meta.url));

interface Run {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

let dataDir: string;
let port: number;
let baseUrl: string;
const runs: Run[] = [];

function startServer(): Run {
  const child = spawn(process.execPath, [SERVER_SOURCE], {
    env: {
      ...childProcessEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      CAREBOARD_DATA_DIR: dataDir,
      CAREBOARD_BOARD_DIR: FIXTURE_BOARD_DIR,
      CAREBOARD_SIMULATOR_RATE: '0',
      CAREBOARD_LIVE_CONNECTIONS_PER_MINUTE: '100000',
      DATABASE_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const run = { child, output: () => output, exited };
  runs.push(run);
  return run;
}

async function running(run: Run): Promise<void> {
  await eventually(
    () => {
      if (run.child.exitCode !== null) throw new Error(`the server exited:\n${run.output()}`);
      return run.output().includes('Careboard is running');
    },
    120_000,
    'the server to run',
  );
}

/** What test-tokens needs of a server: its address, audience and store. */
function asTestServer(): TestServer {
  const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl });
  const databaseUrl = runningEmbeddedUrl(dataDir);
  if (!databaseUrl) throw new Error('no server holds the data directory');
  return { config, baseUrl, databaseUrl } as TestServer;
}

/** The demo boards: id and content field. */
async function demoBoards(databaseUrl: string): Promise<{ id: number; field: BoardContentField }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; type: 1 | 2 | 3 | 4 }>(
      "SELECT id, display_board_type_id AS type FROM display_boards WHERE customer_id = 'demo' ORDER BY id",
    );
    return rows.map((row) => ({ id: row.id, field: boardContentFields[row.type] }));
  } finally {
    await client.end();
  }
}

const sameRows = (a: Map<string, string>, b: Map<string, string>) =>
  a.size === b.size && [...a].every(([key, text]) => b.get(key) === text);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'careboard-fault-server-'));
  chmodSync(dataDir, 0o755);
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const run of runs) run.child.kill('SIGKILL');
  await Promise.all(runs.map((run) => run.exited));
  // A killed server leaves its PostgreSQL: stop it so nothing outlives the suite.
  for (const pid of processesNaming(dataDir)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'fault-server-restart.json'), `${JSON.stringify(figures, null, 2)}\n`);
  process.stdout.write(`fault-server-restart figures:\n${JSON.stringify(figures, null, 2)}\n`);
});

describe('server and PostgreSQL deaths (FND-21)', () => {
  it('kill -9 the server under load and start it again: every subscriber is live again and equal to a fresh snapshot', async () => {
    await running(startServer());
    const target = asTestServer();
    const token = await accessToken(target, { scope: WRITER_SCOPE, sub: 'fault-writer' });
    const graphqlUrl = () => target.config.runtime.GRAPHQL_URL;
    const boards = await demoBoards(target.databaseUrl);
    // Two screens per board, as a waiting room and a corridor would have.
    const screens = boards.flatMap((board) => [
      { ...board, follower: followBoard(graphqlUrl, () => token, board.field, board.id) },
      { ...board, follower: followBoard(graphqlUrl, () => token, board.field, board.id) },
    ]);
    await eventually(() => screens.every((s) => s.follower.frames > 0), 30_000, 'every screen');
    const writes = startWrites(() => baseUrl, token, await movableVisits(target.databaseUrl, 8), {
      concurrency: 3,
    });
    await eventually(() => writes.results.filter((r) => r.status === 200).length >= 5, 30_000, 'writes');

    const killed = runs.at(-1) as Run;
    const killedAt = Date.now();
    killed.child.kill('SIGKILL');
    await killed.exited;
    const next = startServer();
    await running(next);
    const runningAt = Date.now();
    await eventually(
      () => firstSuccessAfter(writes.results, runningAt) !== undefined,
      30_000,
      'a write after',
    );
    const writeRecoveredAt = firstSuccessAfter(writes.results, runningAt) ?? Date.now();
    await sleep(2_000);
    const results = await writes.stop();

    await eventually(
      async () => {
        if (!screens.every((s) => s.follower.lastFrameAt > runningAt)) return false;
        for (const screen of screens) {
          const fresh = await snapshotOf(graphqlUrl(), token, screen.field, screen.id);
          if (!sameRows(screen.follower.rows(), fresh)) return false;
        }
        return true;
      },
      60_000,
      'every screen live and equal to a fresh snapshot',
    );
    const screensLiveAt = Date.now();
    await Promise.all(screens.map((s) => s.follower.close()));

    figures.serverKilled = {
      screens: screens.length,
      requests: results.length,
      statuses: countStatuses(results),
      restartToRunningMs: runningAt - killedAt,
      firstWriteAfterRunningMs: writeRecoveredAt - runningAt,
      screensEqualAfterRunningMs: screensLiveAt - runningAt,
      closeCodesSeenByScreens: [...new Set(screens.flatMap((s) => s.follower.closes))],
    };
    // Requests while no server ran get no answer; every answer was a 200 (none 500).
    expect(results.every((r) => r.status === 200 || r.status === 'no answer')).toBe(true);
    expect(next.output()).not.toContain('"level":50');
  }, 300_000);

  it('kill -9 the embedded PostgreSQL: the server restarts it and recovers; a stop while it is dead is prompt and clean', async () => {
    const server = runs.at(-1) as Run;
    const target = asTestServer();
    const token = await accessToken(target, { scope: WRITER_SCOPE, sub: 'fault-writer' });
    const graphqlUrl = () => target.config.runtime.GRAPHQL_URL;
    const board = followBoard(graphqlUrl, () => token, 'workflowBoard', 1);
    await eventually(() => board.frames > 0, 30_000, 'the board');
    const writes = startWrites(() => baseUrl, token, await movableVisits(target.databaseUrl, 6));
    await eventually(() => writes.results.some((r) => r.status === 200), 30_000, 'a first write');

    const clusterDir = path.join(dataDir, 'postgres');
    const [postmaster] = postgresProcesses(clusterDir);
    const killedAt = Date.now();
    process.kill(postmaster as number, 'SIGKILL');
    await eventually(
      () => server.output().includes('the embedded PostgreSQL is running again'),
      60_000,
      'restart',
    );
    await eventually(
      () => firstSuccessAfter(writes.results, killedAt) !== undefined,
      30_000,
      'a write after',
    );
    const recoveredAt = firstSuccessAfter(writes.results, killedAt) ?? Date.now();
    await sleep(1_000);
    const results = await writes.stop();
    const during = results.filter((r) => r.startedAt >= killedAt && r.startedAt < recoveredAt);
    await eventually(
      async () => sameRows(board.rows(), await snapshotOf(graphqlUrl(), token, 'workflowBoard', 1)),
      30_000,
      'the board to equal a fresh snapshot',
    );
    const ready = await fetch(`${baseUrl}/ready`);
    await board.close();
    const attempts = server
      .output()
      .split('\n')
      .filter((line) => line.includes('restarting the embedded PostgreSQL'));

    // Now kill it again and stop the server before the restart: prompt, exit 0, nothing left behind.
    const [again] = postgresProcesses(clusterDir);
    process.kill(again as number, 'SIGKILL');
    await eventually(
      () => server.output().split('exited unexpectedly').length > 2,
      10_000,
      'the second death',
    );
    const stopAt = Date.now();
    server.child.kill('SIGINT');
    const code = await server.exited;
    const stopMs = Date.now() - stopAt;
    await eventually(() => processesNaming(dataDir).length === 0, 30_000, 'PostgreSQL processes to end');

    figures.postgresKilled = {
      requestsUntilRecovered: during.length,
      statuses: countStatuses(during),
      recoverMs: recoveredAt - killedAt,
      restartAttempts: attempts.length,
      stopWhilePostgresDeadMs: stopMs,
    };
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(ready.status).toBe(200);
    expect(results.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    expect(existsSync(path.join(dataDir, 'careboard.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres.port'))).toBe(false);
  }, 300_000);
});
