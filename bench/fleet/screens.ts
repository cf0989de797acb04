import type { EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  type CapturedFrame,
  COUNTERS,
  Counter,
  type FromScreenThread,
  type Receipts,
  type ScreenThreadInput,
  type Stages,
  type ThreadBoard,
} from './screen-protocol.ts';

export interface ScreensOptions {
  readonly mode: ScreenThreadInput['mode'];
  readonly url: string;
  readonly boards: readonly ThreadBoard[];
  readonly screensPerBoard: number;
  readonly threads: number;
}

/** A fleet's screens spread over threads (whole boards each), their receipts kept in the threads. */
export interface Screens {
  ready(): number;
  frames(): number;
  reconnected(): number;
  /** Sockets opened, and sockets given up on because a ping was not answered in time. */
  sockets(): { opened: number; pongTimeouts: number };
  /** Screens that have had a frame on a new connection. */
  recovered(): number;
  /**
   * Screens that have had nothing (a frame of any kind, or a snapshot) as new as a frame of changes
   * another screen of their board has had: a change still on its way to them, or lost.
   */
  behind(): number;
  failures(): { count: number; messages: readonly string[] };
  /** Each thread's event loop use so far (Node's measure: busy time against idle time). */
  loopUse(): EventLoopUtilization[];
  capture(on: boolean): void;
  collect(): Promise<{ receipts: Receipts[]; stages: Stages[]; captured: CapturedFrame[] }>;
  close(): Promise<void>;
}

const PROGRESS_EVERY_MS = 2_000;

function nextMessage(worker: Worker, type: FromScreenThread['type']): Promise<FromScreenThread> {
  return new Promise((resolve) => {
    const on = (message: FromScreenThread) => {
      if (message.type !== type) return;
      worker.off('message', on);
      resolve(message);
    };
    worker.on('message', on);
  });
}

export async function connectScreens(
  options: ScreensOptions,
  progress: (line: string) => void,
): Promise<Screens> {
  const counters = new Int32Array(new SharedArrayBuffer(COUNTERS * 4));
  const total = options.boards.length * options.screensPerBoard;
  const newest = new Int32Array(new SharedArrayBuffer(total * 2 * 4));
  const threads = Math.min(options.threads, options.boards.length);
  const messages: string[] = [];
  const workers: Worker[] = [];
  const connected: Promise<void>[] = [];
  for (let t = 0; t < threads; t++) {
    const boards = options.boards.filter((_, i) => i % threads === t);
    const input: ScreenThreadInput = {
      ...options,
      boards,
      counters: counters.buffer as SharedArrayBuffer,
      newest: newest.buffer as SharedArrayBuffer,
    };
    const worker = new Worker(new URL('./screen-thread.ts', import.meta.url), { workerData: input });
    workers.push(worker);
    worker.on('message', (message: FromScreenThread) => {
      if (message.type === 'failure' && messages.length < 5) messages.push(message.message);
    });
    connected.push(
      new Promise<void>((resolve, reject) => {
        worker.on('message', (message: FromScreenThread) => {
          if (message.type === 'connected') resolve();
        });
        worker.on('error', reject);
      }),
    );
  }
  const screens: Screens = {
    ready: () => Atomics.load(counters, Counter.Ready),
    frames: () => Atomics.load(counters, Counter.Frames),
    reconnected: () => Atomics.load(counters, Counter.Reconnected),
    sockets: () => ({
      opened: Atomics.load(counters, Counter.Opened),
      pongTimeouts: Atomics.load(counters, Counter.PongTimeouts),
    }),
    recovered: () => Atomics.load(counters, Counter.Recovered),
    behind: () => {
      let behind = 0;
      for (let first = 0; first < total; first += options.screensPerBoard) {
        const had = newest.subarray(first, first + options.screensPerBoard);
        const changes = newest.subarray(total + first, total + first + options.screensPerBoard);
        let top = 0;
        for (const version of changes) top = Math.max(top, version);
        for (const version of had) if (version < top) behind += 1;
      }
      return behind;
    },
    failures: () => ({ count: Atomics.load(counters, Counter.Failures), messages }),
    loopUse: () => workers.map((worker) => worker.performance.eventLoopUtilization()),
    capture: (on) => {
      for (const worker of workers) worker.postMessage({ type: 'capture', on });
    },
    async collect() {
      const answers = await Promise.all(
        workers.map((worker) => {
          const answer = nextMessage(worker, 'collected');
          worker.postMessage({ type: 'collect' });
          return answer;
        }),
      );
      const collected = answers as Extract<FromScreenThread, { type: 'collected' }>[];
      return {
        receipts: collected.map((a) => a.receipts),
        stages: collected.map((a) => a.stages),
        captured: collected.flatMap((a) => [...a.captured]),
      };
    },
    async close() {
      await Promise.all(
        workers.map(async (worker) => {
          const closed = Promise.race([
            nextMessage(worker, 'closed'),
            new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
          ]);
          worker.postMessage({ type: 'close' });
          await closed;
          await worker.terminate();
        }),
      );
    },
  };
  const timer = setInterval(
    () => progress(`  ${screens.ready()} of ${total} screens live`),
    PROGRESS_EVERY_MS,
  );
  try {
    // A bare socket that fails to connect is a failure of the run; a Careboard screen retries.
    const rawFailure = new Promise<never>((_, reject) => {
      for (const worker of workers)
        worker.on('message', (m: FromScreenThread) => {
          if (m.type === 'failure' && options.mode === 'raw') reject(new Error(m.message));
        });
    });
    await Promise.race([Promise.all(connected), rawFailure]);
  } catch (error) {
    await screens.close();
    throw error;
  } finally {
    clearInterval(timer);
  }
  return screens;
}
