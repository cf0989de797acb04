/**
 * bench/ingest: RTLS sightings through the signed webhook of a real server process, sustained
 * for a while at an offered rate; how many sightings per second it takes and how long a
 * sighting takes to reach a screen (sighting sent → the workflow board's frame showing the
 * badge's new place), next to the bare database write of the same batches in the same run.
 *
 *   npm run bench:ingest [-- --rate 5000 --seconds 20 --batch 500 --tags 5000 --move-percent 10 --concurrency 4]
 *
 * Exits 1 when batches failed or no probe reached the board. Missing the goal (5,000
 * sightings/s with p99 under 500 ms) is reported, not a failure.
 */
import path from 'node:path';
import { onCleanUp, progress, runBench } from '../bench-runner.ts';
import { startBenchDatabase } from '../fanout/database.ts';
import { cpuMicros, treeCpuMicros } from '../fanout/proc.ts';
import { startServerProcess } from '../fanout/server-process.ts';
import { boardToken } from '../fanout/token.ts';
import { runBaseline } from './baseline.ts';
import { watchWorkflowBoard } from './board-watch.ts';
import { runLoad } from './load.ts';
import { readOptions } from './options.ts';
import { report } from './report.ts';
import { CUSTOMER, prepare } from './setup.ts';

async function run(): Promise<number> {
  const options = readOptions(process.argv.slice(2));
  progress('starting PostgreSQL and the server');
  const database = await startBenchDatabase();
  onCleanUp(() => database.stop());
  const server = await startServerProcess({
    databaseUrl: database.url,
    dataDir: path.join(database.dir, 'server'),
    connectionsPerMinute: 1_000,
    connectionsPerAddress: 1_000,
    profileDir: undefined,
  });
  onCleanUp(() => server.stop());

  progress(`making ${options.tags} tags, a sensor per location and the webhook secret`);
  const setup = await prepare(database.url, options.tags);
  const board = await watchWorkflowBoard(
    server.graphqlUrl,
    await boardToken(database.url, server.publicUrl),
    setup.probe.boardId,
  );
  onCleanUp(() => board.close());

  progress(`offering ${options.rate} sightings/s for ${options.seconds} s in batches of ${options.batch}`);
  const postmaster = database.postmasterPid();
  const serverCpu0 = cpuMicros(server.pid);
  const postgresCpu0 = treeCpuMicros(postmaster);
  const webhook = `${server.publicUrl}/api/feeds/rtls/sightings?customer=${CUSTOMER}`;
  const load = await runLoad(options, setup, webhook, board);
  const serverCpuMicros = cpuMicros(server.pid) - serverCpu0;
  const postgresCpuMicros = treeCpuMicros(postmaster) - postgresCpu0;
  await board.close();
  await server.stop();

  progress('baseline: the same batches written straight into PostgreSQL');
  const baseline = await runBaseline(options, setup, database.url, () => treeCpuMicros(postmaster));
  process.stdout.write(report(options, load, baseline, { serverCpuMicros, postgresCpuMicros }));
  if (load.failedBatches > 0 || load.probeMs.length === 0) {
    progress(
      `failed batches: ${load.failedBatches} (${load.failures.join('; ')}); probes seen: ${load.probeMs.length}`,
    );
    return 1;
  }
  return 0;
}

runBench('bench:ingest', run);
