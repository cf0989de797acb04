import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ChangeFigures, runChanges } from './changes.ts';
import { connectFleet } from './clients.ts';
import { now } from './clock.ts';
import { INSPECT_FLAG, inspectorUrl, isInspectorNoise, settledRss } from './heap.ts';
import type { FromRawServer, ToRawServer } from './raw-ws-protocol.ts';
import type { RunOptions, RunResult } from './run-options.ts';

interface RawServer {
  readonly pid: number;
  readonly url: string;
  send(message: ToRawServer): void;
  /** Its RSS after a full GC. */
  rss(): Promise<number>;
  stop(): Promise<void>;
}

async function startRawServer(): Promise<RawServer> {
  const child: ChildProcess = fork(new URL('./raw-ws-server.ts', import.meta.url), {
    execArgv: [INSPECT_FLAG],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const exited = once(child, 'exit');
  child.stderr?.on('data', (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (line && !isInspectorNoise(line)) process.stderr.write(`[raw ws] ${line}\n`);
    }
  });
  if (!child.stderr) throw new Error('The raw ws server has no stderr.');
  const inspector = inspectorUrl(child.stderr);
  const [message] = (await Promise.race([
    once(child, 'message'),
    exited.then(() => {
      throw new Error('The raw ws server exited before listening.');
    }),
  ])) as [FromRawServer];
  return {
    pid: child.pid ?? 0,
    url: `ws://127.0.0.1:${message.port}`,
    send: (m) => child.send(m),
    rss: async () => settledRss(child.pid ?? 0, await inspector),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'stop' } satisfies ToRawServer);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The baseline, in the same run: a bare `ws` server process sends the exact bytes a
 * Careboard board received for a change to the same number of clients, as often and
 * as far apart. Commit time is when the bench tells it to send.
 */
export async function runRawBaseline(options: RunOptions, bytes: string): Promise<RunResult> {
  const server = await startRawServer();
  try {
    server.send({ type: 'load', text: bytes });
    const rssBefore = await server.rss();
    options.progress(`raw ws: connecting ${options.boards} clients`);
    const fleet = await connectFleet(
      {
        mode: 'raw',
        url: server.url,
        token: '',
        query: '',
        boards: options.boards,
        changes: options.changes,
        threads: options.clientThreads,
      },
      options.progress,
    );
    try {
      await sleep(1_000);
      const rssConnected = await server.rss();
      options.progress(`raw ws: ${options.changes} broadcasts, ${options.intervalMs} ms apart`);
      const figures: ChangeFigures = await runChanges({
        fleet,
        serverPid: server.pid,
        changes: options.changes,
        intervalMs: options.intervalMs,
        change: async () => {
          const at = now();
          server.send({ type: 'broadcast' });
          return at;
        },
      });
      return {
        ...figures,
        failures: fleet.failures(),
        rssPerConnection: (rssConnected - rssBefore) / options.boards,
        messageBytes: Buffer.byteLength(bytes),
      };
    } finally {
      await fleet.close();
    }
  } finally {
    await server.stop();
  }
}
