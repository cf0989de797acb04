/**
 * A backup under load, and a restore (decision FND-46), on the embedded cluster and on Debian's
 * PostgreSQL 15: a real server as a child process with the demo simulator moving patients and a
 * screen activated by the device flow and live over GraphQL; `careboard backup` while it runs;
 * `careboard restore` into a new data directory (or a new database); a server started on it.
 * Its board holds the rows of the backup's moment, the screen comes back with its old token
 * and renews it with the refresh token it had, with no new activation code.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BoardContentField,
  type BoardFrame,
  boardContentFields,
  boardContentSubscription,
  deviceFlowScopes,
} from '@careboard/contracts';
import { createClient } from 'graphql-ws';
import * as oidc from 'openid-client';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config/config.ts';
import { SERVER_SOURCE } from '../src/nodes/server-bundle.ts';
import { freePort } from '../src/store/free-port.ts';
import { childProcessEnv } from './child-env.ts';
import { runCareboard } from './cli-runner.ts';
import { type DebianPostgres, startDebianPostgres } from './debian-postgres.ts';
import { applyFrame, eventually, followBoard, type Row, snapshotOf } from './fault-helpers.ts';
import { confirmOnPhone, deviceAuthorization, discover } from './identity-helpers.ts';
import type { TestServer } from './test-server.ts';
import { FIXTURE_BOARD_DIR } from './test-server.ts';

const BOARD = 1;
const FIELD: BoardContentField = boardContentFields[1];

interface Run {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

const runs: Run[] = [];
const folders: string[] = [];
let pg15: DebianPostgres | undefined;

function folder(name: string): string {
  const made = mkdtempSync(path.join(tmpdir(), `careboard-${name}-`));
  // PostgreSQL runs as the `postgres` user when we are root: it must be able to enter the folder.
  chmodSync(made, 0o755);
  folders.push(made);
  return made;
}

async function startServer(port: number, env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [SERVER_SOURCE], {
    env: {
      ...childProcessEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CAREBOARD_BOARD_DIR: FIXTURE_BOARD_DIR,
      CAREBOARD_LIVE_CONNECTIONS_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const run = { child, output: () => output, exited };
  runs.push(run);
  await eventually(
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      return output.includes('Careboard is running');
    },
    120_000,
    'the server to run',
  );
  return run;
}

async function stopServer(run: Run): Promise<void> {
  run.child.kill('SIGTERM');
  await run.exited;
}

/** Every row text a subscriber is sent, from now until stopped: what the board showed at some moment. */
function recordRows(graphqlUrl: string, token: string) {
  const seen = new Set<string>();
  const rows = new Map<string, string>();
  const client = createClient({
    url: graphqlUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  client.subscribe<Record<string, string>>(
    { query: boardContentSubscription(FIELD), variables: { displayBoardId: BOARD, sinceVersion: null } },
    {
      next: (value) => {
        const text = value.data?.[FIELD];
        if (!text) return;
        applyFrame(rows, JSON.parse(text) as BoardFrame<Row>);
        for (const row of rows.values()) seen.add(row);
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
  return { seen, stop: () => client.dispose() };
}

/** A screen on the board: activated as the board app does (device flow, confirmed on a phone). */
async function activateScreen(server: TestServer) {
  const config = await discover(server, 'demo-device');
  const device = await deviceAuthorization(config, server, BOARD);
  await confirmOnPhone(device.verification_uri_complete ?? '');
  const tokens = await oidc.pollDeviceAuthorizationGrant(config, { ...device, interval: 1 });
  return { config, tokens };
}

interface Place {
  /** The server's own environment for where its data is. */
  readonly serverEnv: Record<string, string>;
  /** The admin command's environment for the same data. */
  readonly cliEnv: Record<string, string>;
}

/**
 * The round trip: `from` holds the running service's data, `to` is empty. Returns nothing; every
 * check is an expectation.
 */
async function roundTrip(from: Place, to: Place): Promise<void> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = {
    baseUrl,
    config: loadConfig({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl }),
  } as TestServer;
  const graphqlUrl = server.config.runtime.GRAPHQL_URL;
  // The simulator moves patients all through the backup.
  const first = await startServer(port, { ...from.serverEnv, CAREBOARD_SIMULATOR_RATE: '20' });

  const { config, tokens } = await activateScreen(server);
  const screen = followBoard(
    () => graphqlUrl,
    () => tokens.access_token,
    FIELD,
    BOARD,
  );
  await eventually(() => screen.frames > 0, 30_000, 'the screen live');
  // Moves are under way.
  await eventually(() => screen.frames > 3, 60_000, 'the simulator to move patients');

  const file = path.join(folder('backup-file'), 'service.backup.gz');
  const window = recordRows(graphqlUrl, tokens.access_token);
  const before = await snapshotOf(graphqlUrl, tokens.access_token, FIELD, BOARD);
  const framesBefore = screen.frames;
  const backup = await runCareboard(null, ['backup', '--to', file], '', from.cliEnv);
  expect(backup.code, backup.err).toBe(0);
  const after = await snapshotOf(graphqlUrl, tokens.access_token, FIELD, BOARD);
  window.stop();
  // The load went on while the backup ran.
  expect(screen.frames).toBeGreaterThan(framesBefore);

  const restore = await runCareboard(null, ['restore', file], '', to.cliEnv);
  expect(restore.code, restore.err).toBe(0);
  await stopServer(first);
  const restartedAt = Date.now();
  // The restored service, on the same address (the issuer), its simulator still, so its board shows the backup's moment.
  await startServer(port, { ...to.serverEnv, CAREBOARD_SIMULATOR_RATE: '0' });

  // The token issued before the backup still opens the board: the signing keys came back.
  const restored = await snapshotOf(graphqlUrl, tokens.access_token, FIELD, BOARD);
  expect(restored.size).toBeGreaterThan(0);
  // A row the load left alone from before the backup to after it is there as it was...
  const untouched = [...before].filter(([key, text]) => after.get(key) === text);
  expect(untouched.length).toBeGreaterThan(0);
  for (const [key, text] of untouched) expect(restored.get(key), key).toBe(text);
  // ...and every row is one the board showed at some moment while the backup ran.
  for (const text of restored.values())
    expect(window.seen.has(text) || [...before.values(), ...after.values()].includes(text)).toBe(true);

  // The screen came back by itself, without a new code, and shows what the restored server has.
  await eventually(
    async () => {
      if (screen.lastFrameAt <= restartedAt) return false;
      const fresh = await snapshotOf(graphqlUrl, tokens.access_token, FIELD, BOARD);
      const rows = screen.rows();
      return rows.size === fresh.size && [...fresh].every(([key, text]) => rows.get(key) === text);
    },
    60_000,
    'the screen live on the restored server',
  );
  // And its refresh token from before the backup renews.
  const renewed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '', {
    scope: deviceFlowScopes.join(' '),
  });
  expect(renewed.access_token).toBeTruthy();
  expect((await snapshotOf(graphqlUrl, renewed.access_token, FIELD, BOARD)).size).toBe(restored.size);
  await screen.close();
}

afterAll(async () => {
  for (const run of runs) run.child.kill('SIGKILL');
  await Promise.all(runs.map((run) => run.exited));
  await pg15?.stop();
  // A killed server leaves its embedded PostgreSQL: stop the ones of these folders.
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (folders.some((made) => command.includes(made))) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone already
    }
  }
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

describe('backup under load and restore (FND-46)', () => {
  it('embedded cluster: into a new data directory', async () => {
    const from = folder('backup-from');
    const to = folder('backup-to');
    await roundTrip(
      { serverEnv: { CAREBOARD_DATA_DIR: from }, cliEnv: { CAREBOARD_DATA_DIR: from } },
      { serverEnv: { CAREBOARD_DATA_DIR: to }, cliEnv: { CAREBOARD_DATA_DIR: to } },
    );
  }, 240_000);

  it("Debian's PostgreSQL 15: into a new database", async () => {
    pg15 = await startDebianPostgres();
    const from = await pg15.createDatabase('careboard_from');
    const to = await pg15.createDatabase('careboard_to');
    const dataDir = folder('backup-pg15');
    await roundTrip(
      { serverEnv: { DATABASE_URL: from, CAREBOARD_DATA_DIR: dataDir }, cliEnv: { DATABASE_URL: from } },
      { serverEnv: { DATABASE_URL: to, CAREBOARD_DATA_DIR: dataDir }, cliEnv: { DATABASE_URL: to } },
    );
  }, 240_000);
});
