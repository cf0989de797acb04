import { setTimeout as sleep } from 'node:timers/promises';
import type { Random } from '../../apps/server/src/demo/random.ts';
import type { Db } from '../../apps/server/src/store/database.ts';
import { now } from '../fanout/clock.ts';
import { treeCpuMicros } from '../fanout/proc.ts';
import { analyseDelivery, analyseRecovery } from './analysis.ts';
import { emptyChangeLog, runChangeStream } from './change-stream.ts';
import type { FleetServer } from './fleet-server.ts';
import { failedAttempts, listenOverflows } from './kernel-counters.ts';
import type { FleetOptions } from './options.ts';
import { cpuUntilRecovered, untilRecovered } from './recovery-cpu.ts';
import type { FleetFigures, RecoveryCpu, SideFigures } from './report.ts';
import type { CapturedFrame } from './screen-protocol.ts';
import { connectScreens } from './screens.ts';
import type { FleetLayout } from './seed.ts';
import { resetStatementStats, topStatements } from './statement-stats.ts';
import { weighAtIdle } from './weighing.ts';
import type { CustomerWorld } from './world.ts';

/** Frames still arriving this long after the last change: wait; quiet this long: done. */
const QUIET_MS = 2_000;
const SETTLE_LIMIT_MS = 20_000;
/** Statements --pg-statements prints. */
const STATEMENTS_SHOWN = 15;

export interface CareboardRun {
  readonly figures: SideFigures;
  readonly captured: readonly CapturedFrame[];
  readonly committedAt: ReadonlyMap<number, number>;
  readonly window: readonly [number, number];
  readonly changes: number;
  readonly counts: ReturnType<typeof emptyChangeLog>['counts'];
  readonly late: number;
  readonly failedChanges: { readonly count: number; readonly first?: string };
  readonly postgresCpuMicros: number;
  readonly recovery?: FleetFigures['recovery'];
  /** With --pg-statements: PostgreSQL's heaviest statements of the change window. */
  readonly statements?: string;
}

export interface CareboardSetup {
  readonly options: FleetOptions;
  readonly layout: FleetLayout;
  readonly tokens: readonly (readonly string[])[];
  readonly server: FleetServer;
  readonly db: Db;
  readonly worlds: readonly CustomerWorld[];
  readonly random: Random;
  readonly postmasterPid: number;
  readonly progress: (line: string) => void;
}

/**
 * Waits until no frame has arrived for QUIET_MS and, with `behind`, until every screen has had
 * something as new as each frame of changes another screen of its board has had (or the limit): a
 * change one server process sends late is late, not lost. Answers how many were still behind.
 */
export async function untilQuiet(frames: () => number, behind: () => number = () => 0): Promise<number> {
  const until = now() + SETTLE_LIMIT_MS;
  let seen = frames();
  let quietSince = now();
  while ((now() - quietSince < QUIET_MS || behind() > 0) && now() < until) {
    await sleep(100);
    if (frames() !== seen) quietSince = now();
    seen = frames();
  }
  return behind();
}

export async function runCareboardSide(setup: CareboardSetup): Promise<CareboardRun> {
  const { options, layout, server, progress } = setup;
  const rssBefore = await server.rss();
  const total = layout.boards.length * layout.screensPerBoard;
  progress(`careboard: connecting ${total} screens (each its own device)`);
  const cpuBeforeConnecting = server.cpuMicros();
  const writesBeforeConnecting = server.writeCalls();
  const screens = await connectScreens(
    {
      mode: 'careboard',
      url: server.graphqlUrl,
      boards: layout.boards.map((b) => ({
        ...b,
        firstScreen: b.index * layout.screensPerBoard,
        tokens: setup.tokens[b.index] ?? [],
      })),
      screensPerBoard: layout.screensPerBoard,
      threads: options.clientThreads,
    },
    progress,
  );
  const connectingCpu = server.cpuMicros() - cpuBeforeConnecting;
  const connectingWrites = server.writeCalls() - writesBeforeConnecting;
  try {
    const rssIdle = await weighAtIdle(server, 'careboard', progress);
    if (options.heapSnapshot) {
      await server.heapSnapshot(options.heapSnapshot);
      progress(`careboard: heap snapshot at idle in ${options.heapSnapshot}`);
    }
    const log = emptyChangeLog();
    let killedAt = Number.NaN;
    let overflowsAtKill = Number.NaN;
    let failedAtKill = Number.NaN;
    let recovered: Promise<RecoveryCpu> | undefined;
    let restarted: Promise<number> | undefined;
    if (options.pgStatements) await resetStatementStats(setup.db);
    screens.capture(true);
    const cpuBefore = server.cpuMicros();
    const pgBefore = treeCpuMicros(setup.postmasterPid);
    const start = now();
    progress(
      `careboard: ${options.rate} changes a second for ${options.seconds} s${options.restart ? ', the server killed half way' : ''}`,
    );
    await runChangeStream(
      {
        db: setup.db,
        worlds: setup.worlds,
        rate: options.rate,
        seconds: options.seconds,
        random: setup.random,
        ...(options.restart
          ? {
              halfway: () => {
                killedAt = now();
                overflowsAtKill = listenOverflows();
                failedAtKill = failedAttempts();
                restarted = server.restart().then(() => now() - killedAt);
                recovered = cpuUntilRecovered(
                  killedAt,
                  restarted,
                  () => untilRecovered(screens, total, progress),
                  setup.postmasterPid,
                  server,
                  screens,
                  options.nodes,
                );
              },
            }
          : {}),
      },
      log,
    );
    const readyMs = restarted ? await restarted : Number.NaN;
    const recoveryCpu = recovered ? await recovered : undefined;
    const droppedConnections = listenOverflows() - overflowsAtKill;
    const failedConnections = failedAttempts() - failedAtKill;
    const settling = now();
    const behindAtEnd = screens.behind();
    const stillBehind = await untilQuiet(
      () => screens.frames(),
      () => screens.behind(),
    );
    const end = now();
    if (behindAtEnd > 0 || stillBehind > 0)
      progress(
        `careboard: ${behindAtEnd} screens behind their board's newest version when the changes ended; ${stillBehind} still behind ${((end - settling) / 1000).toFixed(1)} s later`,
      );
    const cpu = options.restart ? undefined : server.cpuMicros() - cpuBefore;
    const postgresCpuMicros = treeCpuMicros(setup.postmasterPid) - pgBefore;
    const statements = options.pgStatements ? await topStatements(setup.db, STATEMENTS_SHOWN) : undefined;
    screens.capture(false);
    const { receipts, stages, captured } = await screens.collect();
    const failures = screens.failures();
    if (failures.count > 0)
      progress(`careboard: ${failures.count} failures, e.g. ${failures.messages.join('; ')}`);
    const delivery = analyseDelivery({
      receipts,
      screensPerBoard: layout.screensPerBoard,
      window: [start, end],
      commitOf: (_board, version) => log.committedAt.get(version),
      onePublisherPerBoard: options.nodes === 1,
    });
    return {
      figures: {
        delivery,
        serverCpuMicros: cpu,
        bytesPerIdleScreen: (rssIdle - rssBefore) / total,
        cpuPerConnectingScreen: connectingCpu / total,
        writesPerConnectingScreen: connectingWrites / total,
        failures: failures.count,
        reconnections: screens.reconnected(),
        sockets: screens.sockets(),
      },
      captured,
      committedAt: log.committedAt,
      window: [start, end],
      changes: Object.values(log.counts).reduce((a, b) => a + b, 0),
      counts: log.counts,
      late: log.late,
      failedChanges: { count: log.failed, ...(log.firstFailure ? { first: log.firstFailure } : {}) },
      postgresCpuMicros,
      ...(statements ? { statements } : {}),
      ...(options.restart
        ? {
            recovery: {
              ...analyseRecovery(receipts, stages, total, killedAt),
              readyMs,
              droppedConnections,
              failedConnections,
              ...(recoveryCpu ? { cpu: recoveryCpu } : {}),
            },
          }
        : {}),
    };
  } finally {
    await screens.close();
  }
}
