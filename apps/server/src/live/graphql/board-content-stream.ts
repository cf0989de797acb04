import type { ExecutionResult } from 'graphql';
import { displayBoardNotFound, type SentFrame } from '../boards/board-publisher.ts';
import type { BoardAttachment } from '../boards/board-publishers.ts';
import {
  type DirectSink,
  type DirectStream,
  DirectSubscription,
  nextPrefix,
  sendNext,
} from './direct-subscription.ts';

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
export class BoardContentStream implements AsyncIterable<string>, DirectStream {
  readonly #source: BoardContentSource;

  constructor(source: BoardContentSource) {
    this.#source = source;
  }

  [Symbol.asyncIterator](): AsyncIterator<string> {
    return this.#source.iterate()[Symbol.asyncIterator]();
  }

  /** Starts writing frames to the sink; the answer is what graphql-ws iterates (and returns to stop it). */
  direct(sink: DirectSink): AsyncIterableIterator<ExecutionResult> {
    return new ContentSubscription(this.#source, sink);
  }
}

class ContentSubscription extends DirectSubscription {
  readonly #source: BoardContentSource;
  readonly #sink: DirectSink;
  readonly #prefix: Buffer;
  #attachment: BoardAttachment | undefined;
  #unwatch: () => void = () => {};
  #lastVersion = '';
  #behind: NodeJS.Timeout | undefined;

  constructor(source: BoardContentSource, sink: DirectSink) {
    super();
    this.#source = source;
    this.#sink = sink;
    this.#prefix = nextPrefix(sink.id, `{"data":{${JSON.stringify(source.responseKey)}:`);
    void this.#start();
  }

  async #start(): Promise<void> {
    try {
      this.#unwatch = this.#source.watchAccess(() => this.end(displayBoardNotFound(this.#source.boardId)));
      if (!(await this.#source.mayRead())) return this.end(displayBoardNotFound(this.#source.boardId));
      if (this.ended) return;
      const attachment = await this.#source.attach(
        (frame) => this.#send(frame),
        (error) => this.end(error),
      );
      if (!attachment) return this.end(displayBoardNotFound(this.#source.boardId));
      this.#attachment = attachment;
      if (this.ended) await attachment.detach();
    } catch (error) {
      this.end(error);
    }
  }

  #send(frame: SentFrame): void {
    const socket = this.#sink.socket;
    if (this.ended || this.#behind || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.#sink.slowBytes) {
      // Not reading: no queue for it here; once it reads again it gets what it missed (LIVE-18).
      this.#behind = setInterval(() => this.#recover(), RECOVERY_CHECK_MS);
      this.#behind.unref();
      return;
    }
    this.#lastVersion = frame.version;
    sendNext(socket, this.#prefix, wireOf(frame));
  }

  #recover(): void {
    const socket = this.#sink.socket;
    if (this.ended || socket.readyState !== socket.OPEN) {
      this.end();
      return;
    }
    if (socket.bufferedAmount >= RECOVERED_BELOW_BYTES) return;
    clearInterval(this.#behind);
    this.#behind = undefined;
    void this.#attachment?.resync(this.#lastVersion).catch((error: unknown) => this.end(error));
  }

  protected release(): void {
    clearInterval(this.#behind);
    this.#unwatch();
    void this.#attachment?.detach();
  }
}
