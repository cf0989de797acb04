import type { Duplex } from 'node:stream';
import type { ExecutionArgs, ExecutionResult } from 'graphql';
import type { WebSocket } from 'ws';
import { toGraphqlError } from './graphql-errors.ts';

/** Where a subscription's messages go straight: its connection's socket and its id (LIVE-17, LIVE-24). */
export interface DirectSink {
  readonly socket: WebSocket;
  readonly id: string;
  /** Held by the socket unsent past this, a frame is skipped and the screen resynced once it reads again. */
  readonly slowBytes: number;
}

/** A subscription source that can write its messages to a socket itself, with no per-subscriber execution. */
export interface DirectStream {
  direct(sink: DirectSink, args: ExecutionArgs, operationKey: string): AsyncIterableIterator<ExecutionResult>;
}

export function isDirectStream(source: unknown): source is DirectStream {
  return typeof (source as Partial<DirectStream> | null)?.direct === 'function';
}

/**
 * The start of a `next` message for one subscription: everything before its payload's bytes.
 * In a buffer of its own: a slice of Node's shared 8 KiB pool, held for as long as the
 * subscription lives, would keep the whole pool block alive once per screen.
 */
export function nextPrefix(id: string, before = ''): Buffer {
  const text = `{"id":${JSON.stringify(id)},"type":"next","payload":${before}`;
  const prefix = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  prefix.write(text);
  return prefix;
}

/**
 * Writes one `next` message as two fragments of one WebSocket message: the subscription's prefix,
 * then the bytes shared by every subscriber, which are written as they are, not copied once per
 * screen (LIVE-25). Nothing can come between the two: both are written before this returns.
 */
export function sendNext(socket: WebSocket, prefix: Buffer, body: Buffer): void {
  // One write to the kernel for both: `ws` writes each frame with a write of its own otherwise.
  const stream = (socket as unknown as { _socket?: Duplex })._socket;
  stream?.cork();
  socket.send(prefix, { binary: false, fin: false });
  socket.send(body, { binary: false, fin: true });
  stream?.uncork();
}

/** Told once when a subscription ends: one object for all of a connection's subscriptions, no closure each (LIVE-31). */
export interface EndListener {
  subscriptionEnded(id: string, error?: unknown): void;
}

/**
 * What graphql-ws (or the socket's direct operations) holds for a direct subscription: an
 * iterator that yields nothing, and ends when the subscription does, with its GraphQL error
 * when it ends with one. `return()` stops it.
 */
export abstract class DirectSubscription implements AsyncIterableIterator<ExecutionResult> {
  /** Made only when someone iterates (graphql-ws): a screen's direct operations take `onEnd` instead (LIVE-24). */
  #ended: Promise<IteratorResult<ExecutionResult>> | undefined;
  #settle: ((error?: unknown) => void) | undefined;
  #onEnd: EndListener | undefined;
  #endId = '';
  #done = false;
  #error: unknown;

  protected get ended(): boolean {
    return this.#done;
  }

  /** Releases what the subscription holds (listeners, timers); called once, at the end. */
  protected abstract release(): void;

  protected end(error?: unknown): void {
    if (this.#done) return;
    this.#done = true;
    this.release();
    this.#error = error === undefined ? undefined : toGraphqlError(error);
    this.#settle?.(this.#error);
    const listener = this.#onEnd;
    this.#onEnd = undefined;
    listener?.subscriptionEnded(this.#endId, this.#error);
  }

  /**
   * Tells `listener` once when the subscription ends, with `id` and its GraphQL error if it ends
   * with one (at once when it has ended already): no promise or handler per subscription while it runs.
   */
  onEnd(listener: EndListener, id: string): void {
    if (this.#done) listener.subscriptionEnded(id, this.#error);
    else {
      this.#onEnd = listener;
      this.#endId = id;
    }
  }

  next(): Promise<IteratorResult<ExecutionResult>> {
    if (!this.#ended) {
      const done: IteratorResult<ExecutionResult> = { done: true, value: undefined };
      this.#ended = this.#done
        ? this.#error === undefined
          ? Promise.resolve(done)
          : Promise.reject(this.#error)
        : new Promise((resolve, reject) => {
            this.#settle = (error) => (error === undefined ? resolve(done) : reject(error));
          });
      // Nobody may ask for a value before the end: the rejection is handled either way.
      this.#ended.catch(() => undefined);
    }
    return this.#ended;
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    this.end();
    return { done: true, value: undefined };
  }

  async throw(error?: unknown): Promise<IteratorResult<ExecutionResult>> {
    this.end(error);
    return { done: true, value: undefined };
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<ExecutionResult> {
    return this;
  }
}
