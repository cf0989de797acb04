/**
 * Upgrade (decision FND-49): the previous release's own server, from git history, writes a data
 * directory (its demo data, its simulator, a row in every table, a signed-in screen); this
 * checkout's server then starts on it. Its migrations apply, every board shows the same rows,
 * the screen's refresh token still renews, and no table loses a row.
 *
 * How the release runs here, beside its `npm start` (`npm run build`, then the bundle): from its
 * source, `node apps/server/src/main.ts` (the same code, not bundled); with this checkout's
 * node_modules, checked to be the versions it locked; serving this checkout's fixture board page
 * (its apps are not built; its console, unbuilt, is not served); on the embedded PostgreSQL of
 * those same packages, as it shipped. Started twice: with its simulator, then without, so that the
 * boards hold still while they are read and the screen signs in.
 */

import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BoardContentField, boardContentFields, deviceFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { SERVER_SOURCE } from '../src/nodes/server-bundle.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../src/store/embedded-postgres.ts';
import { freePort } from '../src/store/free-port.ts';
import { migrations } from '../src/store/migrations/index.ts';
import { eventually, processesNaming, snapshotOf } from './fault-helpers.ts';
import { confirmOnPhone, deviceAuthorization, discover } from './identity-helpers.ts';
import {
  dependenciesUnlikeRelease,
  extractRelease,
  releaseServerEntry,
  runServer,
  type ServerRun,
  stopServer,
  untilRunning,
} from './old-release.ts';
import { fillEmptyTables, rowCounts } from './table-filler.ts';
import type { TestServer } from './test-server.ts';
import { FIXTURE_BOARD_DIR } from './test-server.ts';
import { accessToken } from './test-tokens.ts';
import { PREVIOUS_RELEASE } from './upgrade-releases.ts';

const DEVICE_CLIENT = 'demo-device';
/** The board the screen is activated for. */
const SCREEN_BOARD = 1;

let releaseDir: string;
let dataDir: string;
let port: number;
let baseUrl: string;
const runs: ServerRun[] = [];
const figures: Record<string, number> = {};

/** What the old and the new server see before and after. */
const before = {
  boards: new Map<number, Map<string, string>>(),
  counts: {} as Record<string, number>,
  filled: [] as string[],
  refreshToken: '',
  migrations: [] as string[],
};
const after = {
  boards: new Map<number, Map<string, string>>(),
  counts: {} as Record<string, number>,
  migrations: [] as string[],
  renewed: undefined as oidc.TokenEndpointResponse | Error | undefined,
  me: 0,
};

const serverEnv = (simulatorRate: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: baseUrl,
  CAREBOARD_DATA_DIR: dataDir,
  CAREBOARD_BOARD_DIR: FIXTURE_BOARD_DIR,
  CAREBOARD_SIMULATOR_RATE: String(simulatorRate),
});

function start(entry: string, simulatorRate: number): ServerRun {
  const run = runServer(entry, serverEnv(simulatorRate));
  runs.push(run);
  return run;
}

/** What test-tokens and identity-helpers need of a server: its address, audience and store. */
function asTestServer(): TestServer {
  const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl });
  const databaseUrl = runningEmbeddedUrl(dataDir);
  if (!databaseUrl) throw new Error('no server holds the data directory');
  return { config, baseUrl, databaseUrl } as TestServer;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The data directory's database while no server runs: its PostgreSQL started by the test. */
async function withStoppedData<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const cluster = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
  try {
    return await withClient(cluster.url, work);
  } finally {
    await cluster.stop();
  }
}

const migrationNames = (client: pg.Client) =>
  client
    .query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')
    .then(({ rows }) => rows.map((row) => row.name));

/** Every demo board's rows, as a fresh screen of each receives them. */
async function boardRows(server: TestServer): Promise<Map<number, Map<string, string>>> {
  const token = await accessToken(server);
  const boards = await withClient(server.databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: number; type: 1 | 2 | 3 | 4 }>(
      "SELECT id, display_board_type_id AS type FROM display_boards WHERE customer_id = 'demo' ORDER BY id",
    );
    return rows.map((row) => ({ id: row.id, field: boardContentFields[row.type] as BoardContentField }));
  });
  const shown = new Map<number, Map<string, string>>();
  for (const board of boards)
    shown.set(board.id, await snapshotOf(server.config.runtime.GRAPHQL_URL, token, board.field, board.id));
  return shown;
}

beforeAll(async () => {
  const startedAt = Date.now();
  releaseDir = extractRelease(PREVIOUS_RELEASE.commit);
  figures.extractMs = Date.now() - startedAt;
  dataDir = mkdtempSync(path.join(tmpdir(), 'careboard-upgrade-'));
  chmodSync(dataDir, 0o755);
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;

  // The previous release's first start: its demo data, then its simulator moving patients.
  const first = start(releaseServerEntry(releaseDir), 50);
  await untilRunning(first);
  figures.oldStartMs = Date.now() - startedAt - figures.extractMs;
  const seeded = asTestServer();
  const changes = () =>
    withClient(seeded.databaseUrl, (client) =>
      client
        .query<{ n: number }>('SELECT count(*)::int AS n FROM change_log')
        .then(({ rows }) => rows[0]?.n ?? 0),
    );
  const seedChanges = await changes();
  await eventually(
    async () => (await changes()) >= seedChanges + 20,
    30_000,
    'the simulator to move patients',
  );
  expect(await stopServer(first)).toBe(0);

  // Its second start, simulator off so the boards hold still: a screen signs in, every table gets a row.
  const second = start(releaseServerEntry(releaseDir), 0);
  await untilRunning(second);
  const old = asTestServer();
  const client = await discover(old, DEVICE_CLIENT);
  const device = await deviceAuthorization(client, old, SCREEN_BOARD);
  await confirmOnPhone(device.verification_uri_complete ?? '');
  const tokens = await oidc.pollDeviceAuthorizationGrant(client, { ...device, interval: 1 });
  before.refreshToken = tokens.refresh_token ?? '';
  before.filled = await withClient(old.databaseUrl, fillEmptyTables);
  before.boards = await boardRows(old);
  expect(await stopServer(second)).toBe(0);
  figures.oldServerMs = Date.now() - startedAt;
  ({ counts: before.counts, migrations: before.migrations } = await withStoppedData(async (db) => ({
    counts: await rowCounts(db),
    migrations: await migrationNames(db),
  })));

  // This version on the same data directory.
  const upgradedAt = Date.now();
  const next = start(SERVER_SOURCE, 0);
  await untilRunning(next);
  figures.upgradedStartMs = Date.now() - upgradedAt;
  const upgraded = asTestServer();
  after.boards = await boardRows(upgraded);
  // Caught, so that the other assertions still report when the screen is signed out.
  after.renewed = await oidc
    .refreshTokenGrant(await discover(upgraded, DEVICE_CLIENT), before.refreshToken, {
      scope: deviceFlowScopes.join(' '),
    })
    .catch((error: unknown) => error as Error);
  if (!(after.renewed instanceof Error)) {
    const me = await fetch(`${baseUrl}/api/me`, {
      headers: { authorization: `Bearer ${after.renewed.access_token}` },
    });
    after.me = me.status;
  }
  expect(await stopServer(next)).toBe(0);
  ({ counts: after.counts, migrations: after.migrations } = await withStoppedData(async (db) => ({
    counts: await rowCounts(db),
    migrations: await migrationNames(db),
  })));
  figures.totalMs = Date.now() - startedAt;
  process.stdout.write(
    `upgrade from ${PREVIOUS_RELEASE.version}: ${JSON.stringify(figures)}; tables given a generic row: ${before.filled.join(', ')}\n`,
  );
}, 180_000);

afterAll(async () => {
  for (const run of runs) run.child.kill('SIGKILL');
  await Promise.all(runs.map((run) => run.exited));
  for (const pid of processesNaming(dataDir)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(releaseDir, { recursive: true, force: true });
});

describe(`upgrade from ${PREVIOUS_RELEASE.version} (${PREVIOUS_RELEASE.commit.slice(0, 7)})`, () => {
  it('ran the previous release with the dependencies it locked', () => {
    expect(dependenciesUnlikeRelease(PREVIOUS_RELEASE.commit)).toEqual([]);
  });

  it('starts on the data directory the previous release wrote and applies every migration it lacked', () => {
    // The previous release had fewer migrations, all of them known here.
    expect(before.migrations.length).toBeGreaterThan(0);
    expect(before.migrations.length).toBeLessThan(Object.keys(migrations).length);
    expect(after.migrations).toEqual(Object.keys(migrations).sort());
  });

  it('was given a row in every table the previous release has', () => {
    expect(Object.entries(before.counts).filter(([, n]) => n === 0)).toEqual([]);
    // Most rows are the previous release's own (demo data, simulator, a screen); the rest are generic.
    expect(before.filled.length).toBeLessThan(Object.keys(before.counts).length / 4);
  });

  it('shows every board with the same rows', () => {
    expect(before.boards.size).toBeGreaterThan(0);
    expect([...before.boards.values()].every((rows) => rows.size > 0)).toBe(true);
    expect([...after.boards.keys()]).toEqual([...before.boards.keys()]);
    for (const [id, rows] of before.boards) {
      const shown = after.boards.get(id) ?? new Map<string, string>();
      expect({ id, keys: [...shown.keys()].sort() }).toEqual({ id, keys: [...rows.keys()].sort() });
      // Each row says what it said; a field this version added (away_since, 0213) may join it.
      for (const [key, row] of rows)
        expect({ key, row: JSON.parse(shown.get(key) ?? '{}') }).toMatchObject({ key, row: JSON.parse(row) });
    }
  });

  it('keeps the screen signed in: the refresh token the previous release issued renews', () => {
    if (after.renewed instanceof Error) throw after.renewed;
    expect(after.renewed?.access_token).toBeTruthy();
    expect(after.renewed?.refresh_token).toBeTruthy();
    expect(after.me).toBe(200);
  });

  it('keeps every row of every table (but those the migrations change on purpose)', () => {
    const lost = Object.entries(before.counts)
      .filter(([table]) => !(table in PREVIOUS_RELEASE.rowsChangedOnPurpose))
      .filter(([table, n]) => (after.counts[table] ?? 0) < n)
      .map(([table, n]) => `${table}: ${n} → ${after.counts[table] ?? 'gone'}`);
    expect(lost).toEqual([]);
  });
});
