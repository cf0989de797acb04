/**
 * bench/fanout: N boards on one server, a board config changed K times; how long each
 * board waits for each change and what it costs the server, next to a bare `ws`
 * broadcast of the same bytes to the same N clients in the same run.
 *
 *   npm run bench:fanout [-- --boards 10000 --changes 50 --interval-ms 200 --client-threads 1 --profile <dir>]
 *
 * Exits 1 when a change never reached a board (neither it nor a newer state arrived) or a
 * connection failed. Being over the latency budget is reported, not a failure.
 */
import path from 'node:path';
import { runCareboard } from './careboard-run.ts';
import { type BenchDatabase, startBenchDatabase } from './database.ts';
import { type Options, readOptions } from './options.ts';
import { openFileLimit, treeCpuMicros } from './proc.ts';
import { newestProfile, summarise } from './profile-summary.ts';
import { runRawBaseline } from './raw-ws-baseline.ts';
import { table } from './report.ts';
import type { RunOptions, RunResult } from './run-options.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { boardToken } from './token.ts';

/** Descriptors besides the boards' sockets: PostgreSQL pool, files, workers. */
const SPARE_FILES = 200;

const progress = (line: string) => process.stderr.write(`${line}\n`);

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => progress(`cleaning up failed: ${String(error)}`));
  }
}

function failuresOf(name: string, result: RunResult): string[] {
  const problems: string[] = [];
  if (result.latency.missing > 0)
    problems.push(`${name}: ${result.latency.missing} changes never reached their board`);
  if (result.failures.count > 0) {
    problems.push(`${name}: ${result.failures.count} failures, e.g. ${result.failures.messages.join('; ')}`);
  }
  return problems;
}

async function run(options: Options): Promise<number> {
  const files = openFileLimit();
  if (options.boards + SPARE_FILES > files) {
    throw new Error(
      `${options.boards} boards need ${options.boards + SPARE_FILES} open files; the limit is ${files}.`,
    );
  }
  const runOptions: RunOptions = { ...options, progress };

  progress('starting PostgreSQL and the server');
  const database: BenchDatabase = await startBenchDatabase();
  cleanups.push(() => database.stop());
  const server: ServerProcess = await startServerProcess({
    databaseUrl: database.url,
    dataDir: path.join(database.dir, 'server'),
    // Every board connects from 127.0.0.1 within the minute.
    connectionsPerMinute: options.boards * 2 + 100,
    // ...and holds them open at once (CAREBOARD_CONNECTIONS_PER_ADDRESS, decision FND-25).
    connectionsPerAddress: options.boards * 2 + 100,
    profileDir: options.profileDir,
  });
  cleanups.push(() => server.stop());

  const token = await boardToken(database.url, server.publicUrl);
  const postmaster = database.postmasterPid();
  const careboard = await runCareboard(runOptions, {
    serverPid: server.pid,
    serverRss: () => server.rss(),
    graphqlUrl: server.graphqlUrl,
    databaseUrl: database.url,
    token,
    postgresCpuMicros: () => treeCpuMicros(postmaster),
  });
  // The server goes before the baseline runs: it must not take CPU from it.
  await server.stop();
  const raw = await runRawBaseline(runOptions, careboard.bytes);

  process.stdout.write(`\n${table(runOptions, careboard.result, raw)}\n`);
  if (options.profileDir) {
    const profile = newestProfile(options.profileDir);
    if (profile) process.stdout.write(`\n${summarise(profile, careboard.result.window)}\n(${profile})\n`);
  }
  const problems = [...failuresOf('careboard', careboard.result), ...failuresOf('raw ws', raw)];
  for (const problem of problems) process.stdout.write(`FAILED ${problem}\n`);
  return problems.length === 0 ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    progress(`${signal}: stopping`);
    void cleanUp().then(() => process.exit(130));
  });
}

run(readOptions(process.argv.slice(2)))
  .catch((error: unknown) => {
    progress(
      `bench:fanout failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 1;
  })
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  });
