/**
 * One screen thread: whole boards' screens, each connected as the board app connects (the real
 * graphql-ws client, 3 s keep-alive, retry for ever with the app's backoff, the board's config,
 * its content with `sinceVersion`, and its own device record) in mode `careboard`, or as a bare
 * `ws` socket with the same keep-alive and backoff in mode `raw`. Every content frame is parsed as the board
 * parses it and its receipt recorded; the first screen of each board also keeps the bytes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  boardContentSubscription,
  displayBoardSubscription,
  reconnectWaitMs,
  thisDeviceSubscription,
} from '@careboard/contracts';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { now } from '../fanout/clock.ts';
import { readFrame } from './frame-text.ts';
import {
  type CapturedFrame,
  Counter,
  FrameKind,
  type FromScreenThread,
  type ScreenThreadInput,
  Stage,
  type ThreadBoard,
  type ToScreenThread,
} from './screen-protocol.ts';

const input = workerData as ScreenThreadInput;
const counters = new Int32Array(input.counters);
const newest = new Int32Array(input.newest);
const CONNECTING_AT_ONCE = 50;
const KEEP_ALIVE_MS = 3_000;
const PONG_TIMEOUT_MS = 2_000;

const post = (message: FromScreenThread) => parentPort?.postMessage(message);
let closing = false;
let capturing = false;
const closers: (() => unknown)[] = [];
const captured: CapturedFrame[] = [];
/** The stages of connections after a screen's first (a restart's reconnections), as they come. */
const stages = { screen: [] as number[], stage: [] as number[], at: [] as number[] };
function reached(screen: number, stage: number): void {
  stages.screen.push(screen);
  stages.stage.push(stage);
  stages.at.push(now());
}
const receipts = {
  screen: [] as number[],
  version: [] as number[],
  tick: [] as number[],
  kind: [] as number[],
  at: [] as number[],
  epoch: [] as number[],
};

function fail(screen: number, why: string): void {
  if (closing) return;
  Atomics.add(counters, Counter.Failures, 1);
  post({ type: 'failure', message: `screen ${screen}: ${why}` });
}

/**
 * Parses a frame as the board does (once) and records its receipt; answers its version as written.
 * `at` is when the screen had the frame's text: its message parsed, on both sides alike.
 */
function receive(screen: number, epoch: number, text: string, at: number): string {
  const head = readFrame(text);
  receipts.screen.push(screen);
  receipts.version.push(head.version);
  receipts.tick.push(head.tick);
  receipts.kind.push(head.kind);
  receipts.at.push(at);
  receipts.epoch.push(epoch);
  if (head.version > Atomics.load(newest, screen)) Atomics.store(newest, screen, head.version);
  const changes = newest.length / 2 + screen;
  if (head.kind === FrameKind.Changes && head.version > Atomics.load(newest, changes))
    Atomics.store(newest, changes, head.version);
  Atomics.add(counters, Counter.Frames, 1);
  return head.versionText;
}

/** A ws socket that also hands every text frame to `onText`: how a board's bytes are kept. */
function capturingSocket(onText: (text: string) => void): unknown {
  return class CapturingWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols);
      this.on('message', (data: Buffer) => capturing && onText(String(data)));
    }
  };
}

function keepFrame(board: ThreadBoard, text: string): void {
  if (!capturing || !text.includes(`"${board.field}":`)) return;
  const message = JSON.parse(text) as { payload?: { data?: Record<string, string> } };
  const frame = message.payload?.data?.[board.field];
  if (typeof frame !== 'string') return;
  const head = readFrame(frame);
  captured.push({ board: board.index, version: head.version, tick: head.tick, at: now(), text });
}

function retryWait(retries: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, reconnectWaitMs(retries)));
}

function connectCareboard(board: ThreadBoard, nth: number): Promise<void> {
  const screen = board.firstScreen + nth;
  return new Promise((resolve) => {
    let epoch = -1;
    let ready = false;
    let recovered = false;
    let lastVersion: string | null = null;
    let pongTimer: NodeJS.Timeout | undefined;
    const client: Client = createClient({
      url: input.url,
      lazy: false,
      keepAlive: KEEP_ALIVE_MS,
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait,
      webSocketImpl: nth === 0 ? capturingSocket((text) => keepFrame(board, text)) : WebSocket,
      connectionParams: { authorization: `Bearer ${board.tokens[nth]}`, app_version: 'bench' },
      on: {
        opened: () => {
          Atomics.add(counters, Counter.Opened, 1);
          if (epoch >= 0) reached(screen, Stage.Opened);
        },
        connected: () => {
          epoch += 1;
          if (epoch === 0) return;
          Atomics.add(counters, Counter.Reconnected, 1);
          reached(screen, Stage.Acknowledged);
        },
        closed: () => clearTimeout(pongTimer),
        ping: (received) => {
          if (received) return;
          clearTimeout(pongTimer);
          pongTimer = setTimeout(() => {
            Atomics.add(counters, Counter.PongTimeouts, 1);
            client.terminate();
          }, PONG_TIMEOUT_MS);
        },
        pong: (received) => {
          if (received) clearTimeout(pongTimer);
        },
      },
    });
    closers.push(() => client.dispose());
    const sink = (what: string) => ({
      next: (result: { errors?: readonly unknown[] }) => {
        if (result.errors?.length) fail(screen, `${what}: ${JSON.stringify(result.errors[0])}`);
      },
      error: (error: unknown) => fail(screen, `${what}: ${JSON.stringify(error)}`),
      complete: () => undefined,
    });
    client.subscribe(
      { query: displayBoardSubscription, variables: { displayBoardId: board.boardId } },
      sink('config'),
    );
    client.subscribe({ query: thisDeviceSubscription }, sink('device'));
    const variables = {
      displayBoardId: board.boardId,
      get sinceVersion() {
        return lastVersion;
      },
    };
    client.subscribe<Record<string, string>>(
      { query: boardContentSubscription(board.field as never), variables },
      {
        next: (result) => {
          const at = now();
          const text = result.data?.[board.field];
          if (typeof text !== 'string')
            return fail(screen, `content: ${JSON.stringify(result.errors ?? result)}`);
          lastVersion = receive(screen, Math.max(0, epoch), text, at);
          if (epoch > 0 && !recovered) {
            recovered = true;
            Atomics.add(counters, Counter.Recovered, 1);
          }
          if (!ready) {
            ready = true;
            Atomics.add(counters, Counter.Ready, 1);
            resolve();
          }
        },
        error: (error) => fail(screen, `content: ${JSON.stringify(error)}`),
        complete: () => fail(screen, 'content subscription completed'),
      },
    );
  });
}

/**
 * A bare socket, with the same keep-alive, and after a drop the board app's backoff (graphql-ws's
 * order: wait, then try; the count of tries reset once a socket opens). A screen whose first
 * socket fails fails the run.
 */
function connectRaw(board: ThreadBoard, nth: number): Promise<void> {
  const screen = board.firstScreen + nth;
  return new Promise((resolve, reject) => {
    let epoch = -1;
    let retries = 0;
    let recovered = false;
    let socket: WebSocket | undefined;
    let ping: NodeJS.Timeout | undefined;
    let retry: NodeJS.Timeout | undefined;
    closers.push(() => {
      clearInterval(ping);
      clearTimeout(retry);
      socket?.terminate();
    });
    const open = () => {
      const ws = new WebSocket(`${input.url}/${board.index}`);
      socket = ws;
      ws.on('open', () => {
        Atomics.add(counters, Counter.Opened, 1);
        epoch += 1;
        retries = 0;
        ping = setInterval(() => ws.send('{"type":"ping"}'), KEEP_ALIVE_MS);
        if (epoch > 0) {
          Atomics.add(counters, Counter.Reconnected, 1);
          reached(screen, Stage.Opened);
          return;
        }
        Atomics.add(counters, Counter.Ready, 1);
        resolve();
      });
      // The same client work as graphql-ws and the board do: parse the message, then the frame in it.
      ws.on('message', (data: Buffer) => {
        const message = JSON.parse(String(data)) as {
          type: string;
          payload?: { data?: Record<string, string> };
        };
        // Where graphql-ws hands a Careboard screen its frame: with the message parsed.
        const at = now();
        if (message.type !== 'next') return;
        const text = message.payload?.data?.[board.field];
        if (typeof text !== 'string') return fail(screen, 'a frame without the board field');
        receive(screen, Math.max(0, epoch), text, at);
        if (epoch > 0 && !recovered) {
          recovered = true;
          Atomics.add(counters, Counter.Recovered, 1);
        }
      });
      ws.on('error', (error) => {
        if (epoch >= 0) return;
        fail(screen, error.message);
        reject(error);
      });
      ws.on('close', () => {
        clearInterval(ping);
        if (closing || epoch < 0) return;
        retry = setTimeout(open, reconnectWaitMs(retries));
        retries += 1;
      });
    };
    open();
  });
}

async function connectAll(): Promise<void> {
  const connect = input.mode === 'careboard' ? connectCareboard : connectRaw;
  const all = input.boards.flatMap((board) =>
    Array.from({ length: input.screensPerBoard }, (_, nth) => [board, nth] as const),
  );
  let next = 0;
  const lane = async () => {
    while (next < all.length) {
      const [board, nth] = all[next++] as (typeof all)[number];
      await connect(board, nth);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTING_AT_ONCE, all.length) }, lane));
}

parentPort?.on('message', (message: ToScreenThread) => {
  if (message.type === 'capture') capturing = message.on;
  if (message.type === 'collect') {
    post({
      type: 'collected',
      receipts: {
        screen: Int32Array.from(receipts.screen),
        version: Float64Array.from(receipts.version),
        tick: Int32Array.from(receipts.tick),
        kind: Uint8Array.from(receipts.kind),
        at: Float64Array.from(receipts.at),
        epoch: Int32Array.from(receipts.epoch),
      },
      stages: {
        screen: Int32Array.from(stages.screen),
        stage: Uint8Array.from(stages.stage),
        at: Float64Array.from(stages.at),
      },
      captured,
    });
  }
  if (message.type === 'close') {
    closing = true;
    void Promise.allSettled(closers.map((close) => close())).then(() => post({ type: 'closed' }));
  }
});

connectAll().then(
  () => post({ type: 'connected' }),
  (error: unknown) => post({ type: 'failure', message: String(error) }),
);
