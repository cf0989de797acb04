import { type ChildProcess, fork } from 'node:child_process';
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
import type { SideFigures } from './report.ts';
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

async function startRawServer(onSpawn: (pid: number) => void): Promise<{
  child: ChildProcess;
  url: string;
  rss: () => Promise<number>;
  afterFirstScavenge: (limitMs: number) => Promise<number>;
}> {
  const child = fork(new URL('./raw-server.ts', import.meta.url), {
    // The same V8 flags as Careboard's server (FND-31): the comparison is of the code, not the runtime's settings.
    execArgv: [...SERVER_NODE_FLAGS, INSPECT_FLAG],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  if (child.pid !== undefined) onSpawn(child.pid);
  child.stderr?.on('data', (chunk) => {
    for (const line of String(chunk).split('\n'))
      if (line && !isInspectorNoise(line)) process.stderr.write(`[bare ws] ${line}\n`);
  });
  if (!child.stderr) throw new Error('The bare ws server has no stderr.');
  const inspector = inspectorUrl(child.stderr);
  const [message] = (await once(child, 'message')) as [FromRawServer];
  if (message.type !== 'listening') throw new Error('The bare ws server did not listen.');
  return {
    child,
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
): Promise<SideFigures> {
  const server = await startRawServer(onSpawn);
  const exited = once(server.child, 'exit');
  try {
    server.child.send({ type: 'load', frames } satisfies ToRawServer);
    const rssBefore = await server.rss();
    const total = layout.boards.length * layout.screensPerBoard;
    progress(`bare ws: connecting ${total} screens`);
    const cpuBeforeConnecting = cpuMicros(server.child.pid ?? 0);
    const writesBeforeConnecting = writeCalls(server.child.pid ?? 0);
    const screens = await connectScreens(
      {
        mode: 'raw',
        url: server.url,
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
    const connectingCpu = cpuMicros(server.child.pid ?? 0) - cpuBeforeConnecting;
    const connectingWrites = writeCalls(server.child.pid ?? 0) - writesBeforeConnecting;
    try {
      const rssIdle = await weighAtIdle(server, 'bare ws', progress);
      progress(`bare ws: ${frames.length} frames on Careboard's schedule`);
      const played = once(server.child, 'message');
      const cpuBefore = cpuMicros(server.child.pid ?? 0);
      const start = now();
      server.child.send({ type: 'play', start } satisfies ToRawServer);
      await played;
      await untilQuiet(() => screens.frames());
      const end = now();
      const cpu = cpuMicros(server.child.pid ?? 0) - cpuBefore;
      const sentAt = new Map(frames.map((f) => [keyOfScheduled(f), start + f.at]));
      const { receipts } = await screens.collect();
      const delivery = analyseDelivery({
        receipts,
        screensPerBoard: layout.screensPerBoard,
        window: [start, end],
        commitOf: (board, version, tick) => sentAt.get(keyOf(board, version, tick)),
        onePublisherPerBoard: true,
      });
      return {
        delivery,
        serverCpuMicros: cpu,
        bytesPerIdleScreen: (rssIdle - rssBefore) / total,
        cpuPerConnectingScreen: connectingCpu / total,
        writesPerConnectingScreen: connectingWrites / total,
        failures: screens.failures().count,
        reconnections: screens.reconnected(),
        sockets: screens.sockets(),
      };
    } finally {
      await screens.close();
    }
  } finally {
    server.child.send({ type: 'stop' } satisfies ToRawServer);
    await exited;
  }
}

function keyOfScheduled(frame: ScheduledFrame): string {
  const inner = JSON.parse(frame.text) as { payload?: { data?: Record<string, string> } };
  const head = readFrame(Object.values(inner.payload?.data ?? {})[0] as string);
  return keyOf(frame.board, head.version, head.tick);
}
