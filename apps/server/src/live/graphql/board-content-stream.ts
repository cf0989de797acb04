import type { ExecutionResult } from 'graphql';
import type { WebSocket } from 'ws';
import { displayBoardNotFound, type SentFrame } from '../boards/board-publisher.ts';
import type { BoardAttachment } from '../boards/board-publishers.ts';
import { toGraphqlError } from './graphql-errors.ts';

/** Where a content subscription's frames go straight: its connection's socket and its id (LIVE-17). */
export interface DirectSink {
  readonly socket: WebSocket;
  readonly id: string;
  /** Held by the socket unsent past this, a frame is skipped and the screen resynced once it reads again. */
  readonly slowBytes: number;
}

/** How a content subscription reaches its board, decided by the resolver (it knows who asks). */
export interface BoardContentSource {
  readonly boardId: number;
  /** The field's name in the response: the `next` message names it. */
  readonly responseKey: string;
  /** Whether the caller may read the board now (a screen: only its device's board, IDN-16). */
  readonly mayRead: () => Promise<boolean>;
  /** Calls `end` when a screen is moved off the board (BOF-44); returns the unwatch. */
  readonly watchAccess: (end: () => void) => () => void;
  readonly attach: (
    listener: (frame: SentFrame) => void,
    onEnd: (error: Error) => void,
  ) => Promise<BoardAttachment | undefined>;
  /** The same frames as an iterator of JSON text: outside a socket (tests, other transports). */
  readonly iterate: () => AsyncIterable<string>;
}

/** How often a screen that fell behind is looked at again, and below what it counts as reading. */
const RECOVERY_CHECK_MS = 250;
const RECOVERED_BELOW_BYTES = 64 * 1024;

/** The bytes after a `next` message's prefix: the frame as a JSON string, and the closing braces. Made once per frame. */
const wires = new WeakMap<SentFrame, Buffer>();
function wireOf(frame: SentFrame): Buffer {
  let wire = wires.get(frame);
  if (!wire) {
    wire = Buffer.from(`${JSON.stringify(frame.text)}}}}`);
    wires.set(frame, wire);
  }
  return wire;
}

/**
 * A board content subscription's event stream. Over a socket it is not iterated: each frame,
 * serialized once per board (and its `next` message body once per frame), is written to the
 * socket with only the subscription's own prefix added, with no execution, iterator or queue per
 * screen (decision LIVE-17). The iterator graphql-ws holds yields nothing and ends when the
 * subscription does: with the not-found error when the board goes, or the screen is moved off it.
 */
export class BoardContentStream implements AsyncIterable<string> {
  readonly #source: BoardContentSource;

  constructor(source: BoardContentSource) {
    this.#source = source;
  }

  [Symbol.asyncIterator](): AsyncIterator<string> {
    return this.#source.iterate()[Symbol.asyncIterator]();
  }

  /** Starts writing frames to the sink; the answer is what graphql-ws iterates (and returns to stop it). */
  direct(sink: DirectSink): AsyncIterableIterator<ExecutionResult> {
    return new DirectSubscription(this.#source, sink);
  }
}

class DirectSubscription implements AsyncIterableIterator<ExecutionResult> {
  readonly #source: BoardContentSource;
  readonly #sink: DirectSink;
  readonly #prefix: Buffer;
  readonly #ended: Promise<IteratorResult<ExecutionResult>>;
  #settle: (error?: unknown) => void = () => {};
  #done = false;
  #attachment: BoardAttachment | undefined;
  #unwatch: () => void = () => {};
  #lastVersion = '';
  #behind: NodeJS.Timeout | undefined;

  constructor(source: BoardContentSource, sink: DirectSink) {
    this.#source = source;
    this.#sink = sink;
    this.#prefix = Buffer.from(
      `{"id":${JSON.stringify(sink.id)},"type":"next","payload":{"data":{${JSON.stringify(source.responseKey)}:`,
    );
    this.#ended = new Promise((resolve, reject) => {
      this.#settle = (error) =>
        error === undefined ? resolve({ done: true, value: undefined }) : reject(error);
    });
    // graphql-ws may never ask for a value before the end: the rejection is handled either way.
    this.#ended.catch(() => undefined);
    void this.#start();
  }

  async #start(): Promise<void> {
    try {
      this.#unwatch = this.#source.watchAccess(() => this.#end(displayBoardNotFound(this.#source.boardId)));
      if (!(await this.#source.mayRead())) return this.#end(displayBoardNotFound(this.#source.boardId));
      if (this.#done) return;
      const attachment = await this.#source.attach(
        (frame) => this.#send(frame),
        (error) => this.#end(error),
      );
      if (!attachment) return this.#end(displayBoardNotFound(this.#source.boardId));
      this.#attachment = attachment;
      if (this.#done) await attachment.detach();
    } catch (error) {
      this.#end(error);
    }
  }

  #send(frame: SentFrame): void {
    const socket = this.#sink.socket;
    if (this.#done || this.#behind || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.#sink.slowBytes) {
      // Not reading: no queue for it here; once it reads again it gets what it missed (LIVE-18).
      this.#behind = setInterval(() => this.#recover(), RECOVERY_CHECK_MS);
      this.#behind.unref();
      return;
    }
    this.#lastVersion = frame.version;
    const wire = wireOf(frame);
    socket.send(Buffer.concat([this.#prefix, wire], this.#prefix.length + wire.length), { binary: false });
  }

  #recover(): void {
    const socket = this.#sink.socket;
    if (this.#done || socket.readyState !== socket.OPEN) {
      this.#end();
      return;
    }
    if (socket.bufferedAmount >= RECOVERED_BELOW_BYTES) return;
    clearInterval(this.#behind);
    this.#behind = undefined;
    void this.#attachment?.resync(this.#lastVersion).catch((error: unknown) => this.#end(error));
  }

  #end(error?: unknown): void {
    if (this.#done) return;
    this.#done = true;
    clearInterval(this.#behind);
    this.#unwatch();
    void this.#attachment?.detach();
    this.#settle(error === undefined ? undefined : toGraphqlError(error));
  }

  next(): Promise<IteratorResult<ExecutionResult>> {
    return this.#ended;
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    this.#end();
    return { done: true, value: undefined };
  }

  async throw(error?: unknown): Promise<IteratorResult<ExecutionResult>> {
    this.#end(error);
    return { done: true, value: undefined };
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<ExecutionResult> {
    return this;
  }
}
