/**
 * `--restart`, the baseline's side (LIVE-62): the bare `ws` server killed as Careboard's was and
 * started again on its port, its screens back with the board app's backoff, each given on its new
 * socket the snapshot Careboard's restart gave the board's screens (the same bytes). How long the
 * same machine takes to bring the same sockets back at a bare socket's cost: the floor Careboard's
 * restart is measured against.
 */
import type { ChildProcess } from 'node:child_process';
import { now } from '../fanout/clock.ts';
import { cpuMicros, writeCalls } from '../fanout/proc.ts';
import { analyseRecovery } from './analysis.ts';
import { failedAttempts, listenOverflows } from './kernel-counters.ts';
import type { ToRawServer } from './raw-protocol.ts';
import { cpuUntilRecovered, untilRecovered } from './recovery-cpu.ts';
import type { RestartFigures } from './report.ts';
import type { Screens } from './screens.ts';

/** A running bare server, as the baseline's side holds it. */
export interface RawServerHandle {
  readonly child: ChildProcess;
  readonly port: number;
  /** Resolves once the process has exited. */
  readonly exited: Promise<unknown>;
}

export interface RawRestartInput {
  readonly running: RawServerHandle;
  /** Starts another bare server on `port` with the run's frames and snapshots, listening when it resolves. */
  readonly start: (port: number) => Promise<RawServerHandle>;
  /** When the (first) server's play started: the restarted one keeps its schedule's clock. */
  readonly playStart: number;
  readonly screens: Screens;
  readonly total: number;
  readonly postmasterPid: number;
  readonly progress: (line: string) => void;
}

/** SIGKILL, then the same server on the same port; answers the new server and what the restart took. */
export async function restartRawServer(
  input: RawRestartInput,
): Promise<{ server: RawServerHandle; recovery: RestartFigures }> {
  let current = input.running;
  const pid = () => current.child.pid ?? 0;
  input.progress('bare ws: the server killed and started again');
  const overflowsAtKill = listenOverflows();
  const failedAtKill = failedAttempts();
  const killedAt = now();
  const restarted = (async () => {
    input.running.child.kill('SIGKILL');
    await input.running.exited;
    const next = await input.start(input.running.port);
    next.child.send({ type: 'play', start: input.playStart, resume: true } satisfies ToRawServer);
    current = next;
    return now() - killedAt;
  })();
  const cpu = await cpuUntilRecovered(
    killedAt,
    restarted,
    () => untilRecovered(input.screens, input.total, input.progress),
    input.postmasterPid,
    // Until the new process is current the killed one is read, which throws: none of its CPU.
    { cpuMicros: () => cpuMicros(pid()), writeCalls: () => writeCalls(pid()) },
    input.screens,
    1,
  );
  const readyMs = await restarted;
  const { receipts, stages } = await input.screens.collect();
  return {
    server: current,
    recovery: {
      ...analyseRecovery(receipts, stages, input.total, killedAt),
      readyMs,
      droppedConnections: listenOverflows() - overflowsAtKill,
      failedConnections: failedAttempts() - failedAtKill,
      cpu,
    },
  };
}
