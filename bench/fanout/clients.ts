import type { EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { COUNTERS, Counter, type FromWorker, type WorkerInput } from './worker-protocol.ts';

export interface FleetOptions {
  readonly mode: WorkerInput['mode'];
  readonly url: string;
  readonly token: string;
  readonly query: string;
  readonly boards: number;
  readonly changes: number;
  readonly threads: number;
}

/** N boards spread over client threads, with their receipts in shared memory. */
export interface Fleet {
  /** Receipt times, one per (board, change), board-major; NaN for a delivery not (yet) seen. */
  readonly received: Float64Array;
  delivered(): number;
  /** Boards that have received the last change's state. */
  upToDate(): number;
  duplicates(): number;
  /** Failures so far (closed connections, unexpected updates), with the first few messages. */
  failures(): { count: number; messages: readonly string[] };
  /** The bytes of the first update the first board received (careboard mode). */
  readonly captured: Promise<string>;
  /** Starts measuring how busy the client threads are; the function returns their mean utilisation. */
  measureBusy(): () => number;
  close(): Promise<void>;
}

const PROGRESS_EVERY_MS = 2_000;

export async function connectFleet(options: FleetOptions, progress: (line: string) => void): Promise<Fleet> {
  const threads = Math.min(options.threads, options.boards);
  const received = new Float64Array(new SharedArrayBuffer(options.boards * options.changes * 8)).fill(
    Number.NaN,
  );
  const counters = new Int32Array(new SharedArrayBuffer(COUNTERS * 4));
  const messages: string[] = [];
  let resolveCaptured: (text: string) => void = () => {};
  const captured = new Promise<string>((resolve) => (resolveCaptured = resolve));
  const workers: Worker[] = [];
  const connected: Promise<void>[] = [];
  for (let t = 0; t < threads; t++) {
    const first = Math.floor((options.boards * t) / threads);
    const count = Math.floor((options.boards * (t + 1)) / threads) - first;
    const input: WorkerInput = {
      ...options,
      first,
      count,
      received: received.buffer,
      counters: counters.buffer,
    };
    const worker = new Worker(new URL('./client-worker.ts', import.meta.url), { workerData: input });
    workers.push(worker);
    connected.push(
      new Promise<void>((resolve, reject) => {
        worker.on('message', (message: FromWorker) => {
          if (message.type === 'connected') resolve();
          if (message.type === 'captured') resolveCaptured(message.text);
          if (message.type === 'failure') {
            if (messages.length < 5) messages.push(message.message);
            reject(new Error(message.message));
          }
        });
        worker.on('error', reject);
      }),
    );
  }
  const fleet: Fleet = {
    received,
    delivered: () => Atomics.load(counters, Counter.Delivered),
    upToDate: () => Atomics.load(counters, Counter.Final),
    duplicates: () => Atomics.load(counters, Counter.Duplicates),
    failures: () => ({ count: Atomics.load(counters, Counter.Failures), messages }),
    captured,
    measureBusy: () => {
      const start = workers.map((w) => w.performance.eventLoopUtilization());
      return () =>
        workers
          .map((w, i) => w.performance.eventLoopUtilization(start[i] as EventLoopUtilization).utilization)
          .reduce((sum, u) => sum + u, 0) / workers.length;
    },
    close: () => closeAll(workers),
  };
  const timer = setInterval(
    () => progress(`  ${Atomics.load(counters, Counter.Ready)} of ${options.boards} connected`),
    PROGRESS_EVERY_MS,
  );
  try {
    await Promise.all(connected);
  } catch (error) {
    await fleet.close();
    throw error;
  } finally {
    clearInterval(timer);
  }
  return fleet;
}

async function closeAll(workers: readonly Worker[]): Promise<void> {
  await Promise.all(
    workers.map(async (worker) => {
      const closed = new Promise<void>((resolve) => {
        worker.on('message', (message: FromWorker) => message.type === 'closed' && resolve());
        worker.once('exit', () => resolve());
        setTimeout(resolve, 10_000).unref();
      });
      worker.postMessage({ type: 'close' });
      await closed;
      await worker.terminate();
    }),
  );
}
