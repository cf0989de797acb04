/**
 * bench/fleet: a realistic fleet on a real server process — customers × boards of all four types ×
 * screens, each screen its own device connected as the board app connects — and a stream of
 * patient-flow changes made through the services; next to a bare `ws` server sending the same
 * frames to the same screens in the same run.
 *
 *   npm run bench:fleet [-- --customers 25 --boards-per-type 4 --screens-per-board 25 --rate 20
 *                          --seconds 30 --client-threads 2 --nodes 1 --restart --profile <dir>
 *                          --pg-statements]
 *
 * The last line is a machine-readable summary. Exits 1 when a frame was lost or duplicated, a
 * screen failed, or (with --restart) a screen, Careboard's or the baseline's, never came back.
 */
import { seededRandom } from '../../apps/server/src/demo/random.ts';
import { openDatabase } from '../../apps/server/src/store/database.ts';
import { startRedis } from '../../apps/server/test/multi-node-redis.ts';
import { onCleanUp, progress, runBench } from '../bench-runner.ts';
import { startBenchDatabase } from '../fanout/database.ts';
import { openFileLimit } from '../fanout/proc.ts';
import { newestProfile, summarise } from '../fanout/profile-summary.ts';
import { childPids } from '../fanout/server-process.ts';
import { signingKey } from '../fanout/token.ts';
import { runCareboardSide } from './careboard-side.ts';
import { startFleetServer } from './fleet-server.ts';
import { type FleetOptions, readOptions, screensOf } from './options.ts';
import { arrangePriorities } from './priority.ts';
import { runRawSide, scheduleOf, snapshotsOf } from './raw-side.ts';
import { type FleetFigures, fleetTable, recoveryLine, summaryLine } from './report.ts';
import { seedFleet } from './seed.ts';
import { STATEMENT_STATS_SETTINGS } from './statement-stats.ts';
import { screenTokens } from './tokens.ts';
import { loadCustomerWorld } from './world.ts';

/** Descriptors besides the screens' sockets (the bench holds the client ends, the server its own). */
const SPARE_FILES = 500;

async function run(options: FleetOptions): Promise<number> {
  const screens = screensOf(options);
  const files = openFileLimit();
  if (screens + SPARE_FILES > files)
    throw new Error(`${screens} screens need ${screens + SPARE_FILES} open files; the limit is ${files}.`);

  // Before any thread or process starts: they inherit the priority (LIVE-29).
  const raisePriority = arrangePriorities(options.serverFirst, progress);
  const raise = (pid: number) => raisePriority([pid]);
  progress('starting PostgreSQL and the server');
  const database = await startBenchDatabase(options.pgStatements ? STATEMENT_STATS_SETTINGS : undefined);
  // The postmaster and the processes it has started; its backends inherit from it.
  raisePriority([database.postmasterPid(), ...childPids(database.postmasterPid())]);
  onCleanUp(() => database.stop());
  const redis = options.nodes > 1 ? await startRedis() : undefined;
  if (redis) onCleanUp(() => redis.stop());
  const server = await startFleetServer({
    databaseUrl: database.url,
    dataDir: database.dir,
    screens,
    nodes: options.nodes,
    redisUrl: redis?.url,
    profileDir: options.profileDir,
    onSpawn: raise,
  });
  onCleanUp(() => server.stop());
  const db = openDatabase(database.url, 4);
  onCleanUp(() => db.destroy());

  progress(`seeding ${options.customers} customers, their boards and ${screens} devices`);
  const layout = await seedFleet(db, options);
  const tokens = await screenTokens(layout, await signingKey(database.url), server.publicUrl);
  const worlds = await Promise.all(layout.customers.map((c) => loadCustomerWorld(db, c.id)));
  const careboard = await runCareboardSide({
    options,
    layout,
    tokens,
    server,
    db,
    worlds,
    random: seededRandom(7),
    postmasterPid: database.postmasterPid(),
    progress,
  });
  // The server goes before the baseline runs: it must not take CPU from it.
  await server.stop();
  const frames = scheduleOf(careboard.captured, careboard.committedAt, careboard.window[0]);
  const raw = await runRawSide(options, layout, frames, progress, raise, {
    postmasterPid: database.postmasterPid(),
    snapshots: snapshotsOf(careboard.captured),
  });

  const figures: FleetFigures = {
    options,
    screens,
    boards: layout.boards.length,
    careboard: careboard.figures,
    raw: raw.figures,
    changes: careboard.changes,
    counts: careboard.counts,
    late: careboard.late,
    failedChanges: careboard.failedChanges,
    postgresCpuMicros: careboard.postgresCpuMicros,
    windowMs: careboard.window[1] - careboard.window[0],
    ...(careboard.recovery ? { recovery: careboard.recovery } : {}),
    ...(raw.recovery ? { rawRecovery: raw.recovery } : {}),
  };
  process.stdout.write(`\n${fleetTable(figures)}\n`);
  if (careboard.statements) process.stdout.write(`\n${careboard.statements}\n`);
  if (options.profileDir) {
    const profile = newestProfile(options.profileDir);
    if (profile) process.stdout.write(`\n${summarise(profile, careboard.window, 20)}\n(${profile})\n`);
  }
  const recovery = recoveryLine(figures);
  if (recovery) process.stdout.write(`\n${recovery}\n`);
  process.stdout.write(`\n${summaryLine(figures)}\n`);
  const cb = figures.careboard;
  const failed =
    cb.delivery.lost > 0 ||
    cb.delivery.duplicates > 0 ||
    cb.failures > 0 ||
    (figures.recovery?.notRecovered ?? 0) > 0 ||
    (figures.rawRecovery?.notRecovered ?? 0) > 0;
  return failed ? 1 : 0;
}

runBench('bench:fleet', () => run(readOptions(process.argv.slice(2))));
