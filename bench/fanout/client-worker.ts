/**
 * One client thread: a share of the boards, connected with the real graphql-ws client
 * (mode `careboard`) or a bare `ws` socket (mode `raw`). Every receipt is stamped into
 * shared memory at once; the main thread does the arithmetic afterwards.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { now } from './clock.ts';
import { Counter, type FromWorker, type ToWorker, type WorkerInput } from './worker-protocol.ts';

const input = workerData as WorkerInput;
const received = new Float64Array(input.received);
const counters = new Int32Array(input.counters);
/** Connections opened at once: enough to ramp fast, few enough not to overflow the listen backlog. */
const CONNECTING_AT_ONCE = 50;
const MARKER = /^bench (\d+) /;

const post = (message: FromWorker) => parentPort?.postMessage(message);
let closing = false;
const closers: (() => unknown)[] = [];

function fail(board: number, why: string): void {
  if (closing) return;
  Atomics.add(counters, Counter.Failures, 1);
  post({ type: 'failure', message: `board ${board}: ${why}` });
}

function record(board: number, change: number, at: number): void {
  if (!Number.isInteger(change) || change < 0 || change >= input.changes) {
    fail(board, `an update no change made (${change})`);
    return;
  }
  const slot = board * input.changes + change;
  if (!Number.isNaN(received[slot])) {
    Atomics.add(counters, Counter.Duplicates, 1);
    return;
  }
  received[slot] = at;
  Atomics.add(counters, Counter.Delivered, 1);
  if (change === input.changes - 1) Atomics.add(counters, Counter.Final, 1);
}

/** A ws socket that also hands every text frame to `onText`: how one board's bytes are captured. */
function capturingSocket(onText: (text: string) => void): unknown {
  return class CapturingWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols);
      this.on('message', (data: Buffer) => onText(String(data)));
    }
  };
}

let captured = false;
function captureFirstUpdate(text: string): void {
  if (captured || !text.includes('"bench ')) return;
  captured = true;
  post({ type: 'captured', text });
}

type BoardResult = { displayBoard?: { name?: unknown } };

function connectCareboard(board: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let snapshot = false;
    let failed = false;
    const failOnce = (why: string) => {
      if (failed) return;
      failed = true;
      fail(board, why);
      reject(new Error(`board ${board}: ${why}`));
    };
    const client: Client = createClient({
      url: input.url,
      webSocketImpl: board === input.first ? capturingSocket(captureFirstUpdate) : WebSocket,
      connectionParams: { authorization: `Bearer ${input.token}` },
      retryAttempts: 0,
      lazy: false,
      on: { closed: (event) => failOnce(`closed (${(event as { code?: number }).code ?? '?'})`) },
    });
    closers.push(() => client.dispose());
    client.subscribe<BoardResult>(
      { query: input.query, variables: { displayBoardId: 1 } },
      {
        next: (result) => {
          const at = now();
          if (!snapshot) {
            snapshot = true;
            Atomics.add(counters, Counter.Ready, 1);
            return resolve();
          }
          const name = result.data?.displayBoard?.name;
          record(board, Number(MARKER.exec(String(name))?.[1]), at);
        },
        error: (error) => failOnce(`subscription error ${JSON.stringify(error)}`),
        complete: () => failOnce('subscription completed'),
      },
    );
  });
}

function connectRaw(board: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let count = 0;
    const socket = new WebSocket(input.url);
    closers.push(() => socket.terminate());
    socket.on('open', () => {
      Atomics.add(counters, Counter.Ready, 1);
      resolve();
    });
    // The same client work as graphql-ws does on a message: parse it, read the board's name.
    socket.on('message', (data: Buffer) => {
      const at = now();
      const message = JSON.parse(String(data)) as { payload?: { data?: BoardResult } };
      if (typeof message.payload?.data?.displayBoard?.name !== 'string') fail(board, 'no board name');
      record(board, count++, at);
    });
    socket.on('error', (error) => {
      fail(board, error.message);
      reject(error);
    });
    socket.on('close', () => fail(board, 'closed'));
  });
}

async function connectAll(): Promise<void> {
  const connect = input.mode === 'careboard' ? connectCareboard : connectRaw;
  let next = input.first;
  const end = input.first + input.count;
  const lane = async () => {
    while (next < end) await connect(next++);
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTING_AT_ONCE, input.count) }, lane));
}

parentPort?.on('message', (message: ToWorker) => {
  if (message.type !== 'close') return;
  closing = true;
  void Promise.allSettled(closers.map((close) => close())).then(() => post({ type: 'closed' }));
});

connectAll().then(
  () => post({ type: 'connected' }),
  (error: unknown) => post({ type: 'failure', message: String(error) }),
);
