/**
 * After a restart, Careboard's or the bare baseline's: waiting until every screen is back, and who
 * used the machine's cores meanwhile (the server, PostgreSQL, the bench's own threads).
 */
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { now } from '../fanout/clock.ts';
import { treeCpuMicros } from '../fanout/proc.ts';
import type { FleetServer } from './fleet-server.ts';
import type { RecoveryCpu } from './report.ts';
import type { Screens } from './screens.ts';

/** Screens retry with the board app's backoff (0.5 s doubling to 5 s, LIVE-23): give them time to come back. */
const RECOVERY_LIMIT_MS = 60_000;

/** What is counted of a restarted server: its processes' CPU and write calls so far. */
export type CountedServer = Pick<FleetServer, 'cpuMicros' | 'writeCalls'>;

/** The bench process's CPU, all its threads: the simulated screens' and the change stream's. */
function benchCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/**
 * Who used the machine from the kill until every screen was back (`back`): the restarted server
 * (from its start), PostgreSQL and the bench itself, which share the cores.
 */
export async function cpuUntilRecovered(
  killedAt: number,
  restarted: Promise<unknown>,
  back: () => Promise<void>,
  postmasterPid: number,
  server: CountedServer,
  screens: Screens,
  nodes: number,
): Promise<RecoveryCpu> {
  const postgres = treeCpuMicros(postmasterPid);
  const bench = benchCpuMicros();
  const bySecond = sampleEachSecond(server, screens, nodes);
  await back();
  const elapsedMs = now() - killedAt;
  bySecond.stop();
  await restarted;
  return {
    elapsedMs,
    cores: availableParallelism(),
    serverMicros: server.cpuMicros(),
    postgresMicros: treeCpuMicros(postmasterPid) - postgres,
    benchMicros: benchCpuMicros() - bench,
    serverWrites: server.writeCalls(),
    screens: screens.recovered(),
    bySecond: bySecond.seconds,
  };
}

/**
 * Every second until stopped: the server's CPU (in cores; the restarted process from its start)
 * and the busiest screen thread's event loop use over that second.
 */
function sampleEachSecond(server: CountedServer, screens: Screens, nodes: number) {
  const seconds: RecoveryCpu['bySecond'][number][] = [];
  // Between the kill and the new process's spawn there is no process to read: none of its CPU.
  const serverCpu = () => {
    try {
      return server.cpuMicros();
    } catch {
      return 0;
    }
  };
  let cpu = serverCpu();
  let loops = screens.loopUse();
  let at = now();
  const timer = setInterval(() => {
    const [cpuNow, loopsNow, atNow] = [serverCpu(), screens.loopUse(), now()];
    const busiest = Math.max(
      ...loopsNow.map((use, i) => {
        const before = loops[i];
        const busy = use.active - (before?.active ?? 0);
        const idle = use.idle - (before?.idle ?? 0);
        return busy + idle > 0 ? busy / (busy + idle) : 0;
      }),
    );
    // A second in which the process counted was killed or replaced (its count fell): not known.
    // Nor a cluster's: its new primary's count takes in its workers' as they start and are reaped.
    const used = cpuNow >= cpu && nodes === 1 ? cpuNow - cpu : Number.NaN;
    seconds.push({ serverCores: used / ((atNow - at) * 1000), screensBusy: busiest });
    [cpu, loops, at] = [cpuNow, loopsNow, atNow];
  }, 1_000);
  return { seconds, stop: () => clearInterval(timer) };
}

/** After a restart: until every screen has had a frame on a new connection (or the limit). */
export async function untilRecovered(
  screens: Screens,
  total: number,
  progress: (line: string) => void,
): Promise<void> {
  const until = now() + RECOVERY_LIMIT_MS;
  let said = now();
  while (screens.recovered() < total && now() < until) {
    await sleep(100);
    if (now() - said > 2_000) {
      const { opened, pongTimeouts } = screens.sockets();
      progress(
        `  ${screens.recovered()} of ${total} screens back (sockets opened so far ${opened}, given up on a late pong ${pongTimeouts})`,
      );
      said = now();
    }
  }
}
