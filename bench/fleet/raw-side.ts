import { fork } from 'node:child_process';
import { once } from 'node:events';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/nodes/node-flags.ts';
import { now } from '../fanout/clock.ts';
import {
  afterFirstScavenge,
  INSPECT_FLAG,
  inspectorUrl,
  isInspectorNoise,
  settledRss,
} from '../fanout/heap.ts';
import { cpuMicros, writeCalls } from '../fanout/proc.ts';
import { analyseDelivery } from './analysis.ts';
import { untilQuiet } from './careboard-side.ts';
import { readFrame } from './frame-text.ts';
import type { FleetOptions } from './options.ts';
import type { FromRawServer, ScheduledFrame, ToRawServer } from './raw-protocol.ts';
import { type RawServerHandle, restartRawServer } from './raw-restart.ts';
import type { RestartFigures, SideFigures } from './report.ts';
import { type CapturedFrame, FrameKind } from './screen-protocol.ts';
import { connectScreens } from './screens.ts';
import type { FleetLayout } from './seed.ts';
import { weighAtIdle } from './weighing.ts';

const keyOf = (board: number, version: number, tick: number) => `${board}:${version}.${tick}`;

/**
 * The frames Careboard's boards received in the change window, each once, to be sent to the same
 * board's screens at the time of the commit it shows (or, for a frame on time alone, when the
 * board's first screen received it).
 */
export function scheduleOf(
  captured: readonly CapturedFrame[],
  committedAt: ReadonlyMap<number, number>,
  windowStart: number,
): ScheduledFrame[] {
  const seen = new Set<string>();
  const frames: ScheduledFrame[] = [];
  for (const frame of captured) {
    const key = keyOf(frame.board, frame.version, frame.tick);
    if (seen.has(key)) continue;
    seen.add(key);
    const inner = JSON.parse(frame.text) as { payload?: { data?: Record<string, string> } };
    const text = Object.values(inner.payload?.data ?? {})[0];
    if (typeof text !== 'string' || readFrame(text).kind !== FrameKind.Changes) continue;
    const commit = frame.tick === 0 ? committedAt.get(frame.version) : undefined;
    frames.push({
      at: Math.max(0, (commit ?? frame.at) - windowStart),
      board: frame.board,
      text: frame.text,
    });
  }
  return frames;
}

/**
 * Each board's first snapshot among the captured frames: with --restart, what Careboard sent the
 * board's first screen on its new connection, which the restarted baseline sends each of its
 * screens on theirs (the same bytes).
 */
export function snapshotsOf(captured: readonly CapturedFrame[]): ScheduledFrame[] {
  const seen = new Set<number>();
  const snapshots: ScheduledFrame[] = [];
  for (const frame of captured) {
    if (seen.has(frame.board)) continue;
    const inner = JSON.parse(frame.text) as { payload?: { data?: Record<string, string> } };
    const text = Object.values(inner.payload?.data ?? {})[0];
    if (typeof text !== 'string' || readFrame(text).kind !== FrameKind.Snapshot) continue;
    seen.add(frame.board);
    snapshots.push({ at: 0, board: frame.board, text: frame.text });
  }
  return snapshots;
}

interface RawServer extends RawServerHandle {
  readonly url: string;
  rss(): Promise<number>;
  afterFirstScavenge(limitMs: number): Promise<number>;
}

/** The bare server, a child process, given its frames, on `port` (a free one with 0) once it listens. */
async function startRawServer(
  onSpawn: (pid: number) => void,
  load: Extract<ToRawServer, { type: 'load' }>,
  port = 0,
): Promise<RawServer> {
  const child = fork(new URL('./raw-server.ts', import.meta.url), [String(port)], {
    // The same V8 flags as Careboard's server (FND-31): the comparison is of the code, not the runtime's settings.
    execArgv: [...SERVER_NODE_FLAGS, INSPECT_FLAG],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const exited = once(child, 'exit');
  if (child.pid !== undefined) onSpawn(child.pid);
  child.stderr?.on('data', (chunk) => {
    for (const line of String(chunk).split('\n'))
      if (line && !isInspectorNoise(line)) process.stderr.write(`[bare ws] ${line}\n`);
  });
  if (!child.stderr) throw new Error('The bare ws server has no stderr.');
  const inspector = inspectorUrl(child.stderr);
  child.send(load);
  const [message] = (await once(child, 'message')) as [FromRawServer];
  if (message.type !== 'listening') throw new Error('The bare ws server did not listen.');
  return {
    child,
    port: message.port,
    exited,
    url: `ws://127.0.0.1:${message.port}`,
    rss: async () => settledRss(child.pid ?? 0, await inspector),
    afterFirstScavenge: async (limitMs: number) => afterFirstScavenge(await inspector, limitMs),
  };
}

/** The baseline, in the same run: the same frames to the same screens from a bare `ws` server. */
export async function runRawSide(
  options: FleetOptions,
  layout: FleetLayout,
  frames: readonly ScheduledFrame[],
  progress: (line: string) => void,
  onSpawn: (pid: number) => void,
  restart: { readonly postmasterPid: number; readonly snapshots: readonly ScheduledFrame[] },
): Promise<{ figures: SideFigures; recovery?: RestartFigures }> {
  const first = await startRawServer(onSpawn, { type: 'load', frames });
  let server: RawServerHandle = first;
  try {
    const rssBefore = await first.rss();
    const total = layout.boards.length * layout.screensPerBoard;
    progress(`bare ws: connecting ${total} screens`);
    const cpuBeforeConnecting = cpuMicros(first.child.pid ?? 0);
    const writesBeforeConnecting = writeCalls(first.child.pid ?? 0);
    const screens = await connectScreens(
      {
        mode: 'raw',
        url: first.url,
        boards: layout.boards.map((b) => ({
          ...b,
          firstScreen: b.index * layout.screensPerBoard,
          tokens: [],
        })),
        screensPerBoard: layout.screensPerBoard,
        threads: options.clientThreads,
      },
      progress,
    );
    const connectingCpu = cpuMicros(first.child.pid ?? 0) - cpuBeforeConnecting;
    const connectingWrites = writeCalls(first.child.pid ?? 0) - writesBeforeConnecting;
    try {
      const rssIdle = await weighAtIdle(first, 'bare ws', progress);
      progress(`bare ws: ${frames.length} frames on Careboard's schedule`);
      const played = once(first.child, 'message');
      const cpuBefore = cpuMicros(first.child.pid ?? 0);
      const start = now();
      first.child.send({ type: 'play', start } satisfies ToRawServer);
      await played;
      await untilQuiet(() => screens.frames());
      const end = now();
      const cpu = cpuMicros(first.child.pid ?? 0) - cpuBefore;
      const sentAt = new Map(frames.map((f) => [keyOfScheduled(f), start + f.at]));
      const { receipts } = await screens.collect();
      const delivery = analyseDelivery({
        receipts,
        screensPerBoard: layout.screensPerBoard,
        window: [start, end],
        commitOf: (board, version, tick) => sentAt.get(keyOf(board, version, tick)),
        onePublisherPerBoard: true,
      });
      const figures: SideFigures = {
        delivery,
        serverCpuMicros: cpu,
        bytesPerIdleScreen: (rssIdle - rssBefore) / total,
        cpuPerConnectingScreen: connectingCpu / total,
        writesPerConnectingScreen: connectingWrites / total,
        failures: screens.failures().count,
        reconnections: screens.reconnected(),
        sockets: screens.sockets(),
      };
      if (!options.restart) return { figures };
      // After the window, so its figures are the steady ones: with no change stream beside it.
      const restarted = await restartRawServer({
        running: first,
        start: (port) =>
          startRawServer(onSpawn, { type: 'load', frames, snapshots: restart.snapshots }, port),
        playStart: start,
        screens,
        total,
        postmasterPid: restart.postmasterPid,
        progress,
      });
      server = restarted.server;
      return { figures, recovery: restarted.recovery };
    } finally {
      await screens.close();
    }
  } finally {
    if (server.child.connected) server.child.send({ type: 'stop' } satisfies ToRawServer);
    else server.child.kill('SIGKILL');
    await server.exited;
  }
}

function keyOfScheduled(frame: ScheduledFrame): string {
  const inner = JSON.parse(frame.text) as { payload?: { data?: Record<string, string> } };
  const head = readFrame(Object.values(inner.payload?.data ?? {})[0] as string);
  return keyOf(frame.board, head.version, head.tick);
}
