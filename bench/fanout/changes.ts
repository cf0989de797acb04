import { setTimeout as sleep } from 'node:timers/promises';
import type { Fleet } from './clients.ts';
import { now } from './clock.ts';
import { cpuMicros, machineBusyMicros } from './proc.ts';
import { type Latencies, latencies } from './stats.ts';

/** Boards still behind after this long without any update arriving are counted as lost. */
const GIVE_UP_AFTER_QUIET_MS = 10_000;
/** Once every board is up to date, late duplicates still cost the server: wait for them. */
const SETTLE_MS = 500;

export interface ChangeRun {
  readonly fleet: Fleet;
  /** The process that fans out: its CPU is the cost measured. */
  readonly serverPid: number;
  readonly changes: number;
  readonly intervalMs: number;
  /** Makes change i and returns its commit time on the clock.ts clock. */
  readonly change: (i: number) => Promise<number>;
  /** Other CPU to account for (PostgreSQL), in microseconds so far. */
  readonly otherCpuMicros?: () => number;
}

export interface ChangeFigures {
  readonly latency: Latencies;
  readonly duplicates: number;
  readonly serverCpuMicros: number;
  readonly otherCpuMicros: number;
  /** Mean event-loop utilisation of the client threads: near 1, the clients themselves limit. */
  readonly clientBusy: number;
  /**
   * CPUs (on average) that processes other than the server, PostgreSQL and this bench
   * kept busy meanwhile: anything well above 0 means the figures are noisy.
   */
  readonly otherLoadCpus: number;
  /** Clock.ts times the change phase ran between: first change to every board up to date. */
  readonly window: readonly [number, number];
}

/**
 * Makes the changes on a fixed schedule, waits until every board has the last one (or
 * until updates stop coming), and measures what that took.
 */
export async function runChanges(run: ChangeRun): Promise<ChangeFigures> {
  const boards = run.fleet.received.length / run.changes;
  const committed: number[] = [];
  const cpuBefore = cpuMicros(run.serverPid);
  const otherBefore = run.otherCpuMicros?.() ?? 0;
  const busy = run.fleet.measureBusy();
  const machineBefore = machineBusyMicros();
  const benchBefore = process.cpuUsage();
  const start = now();
  for (let i = 0; i < run.changes; i++) {
    await sleep(Math.max(0, start + i * run.intervalMs - now()));
    committed.push(await run.change(i));
  }
  let seen = run.fleet.delivered();
  let quietSince = now();
  while (run.fleet.upToDate() < boards && now() - quietSince < GIVE_UP_AFTER_QUIET_MS) {
    await sleep(5);
    const delivered = run.fleet.delivered();
    if (delivered !== seen) quietSince = now();
    seen = delivered;
  }
  const end = now();
  await sleep(SETTLE_MS);
  const serverCpuMicros = cpuMicros(run.serverPid) - cpuBefore;
  const otherCpuMicros = (run.otherCpuMicros?.() ?? 0) - otherBefore;
  const bench = process.cpuUsage(benchBefore);
  const elsewhere =
    machineBusyMicros() - machineBefore - serverCpuMicros - otherCpuMicros - bench.user - bench.system;
  return {
    latency: latencies(run.fleet.received, committed),
    duplicates: run.fleet.duplicates(),
    serverCpuMicros,
    otherCpuMicros,
    otherLoadCpus: Math.max(0, elsewhere) / ((now() - start) * 1000),
    clientBusy: busy(),
    window: [start, end],
  };
}
