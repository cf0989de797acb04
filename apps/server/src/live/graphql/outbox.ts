import { LiveCloseCode } from '@careboard/contracts';
import type { WebSocket } from 'ws';

/** How long a connection closed for not reading may take to say goodbye before it is dropped. */
const CLOSE_GRACE_MS = 2_000;
/**
 * Frames one connection may have waiting, whatever their size, and one operation: below the
 * 1,024 pushes a Repeater queues, above 20 subscriptions' catch-up (200 frames each, LIVE-06).
 */
const MAX_WAITING_FRAMES = 5_000;
export const MAX_WAITING_FRAMES_PER_OPERATION = 1_000;

/**
 * What the server holds for one connection that the client has not taken yet:
 * frames its subscriptions produced and graphql-ws has not sent (it sends one
 * at a time per operation, after the last one reached the socket), plus what
 * the socket has queued (`bufferedAmount`). Past `maxBytes` (or 500 frames) the
 * client is not reading: the connection is closed with 1008 and dropped if the
 * close cannot get through either, instead of the server queueing for it
 * without limit (decision LIVE-15). A board so closed reconnects and catches up.
 */
export class Outbox {
  readonly #socket: WebSocket;
  readonly #maxBytes: number;
  readonly #onOverflow: (held: { heldBytes: number; waitingFrames: number }) => void;
  #waitingBytes = 0;
  #waitingFrames = 0;
  #closed = false;

  constructor(
    socket: WebSocket,
    maxBytes: number,
    onOverflow: (held: { heldBytes: number; waitingFrames: number }) => void,
  ) {
    this.#socket = socket;
    this.#maxBytes = maxBytes;
    this.#onOverflow = onOverflow;
  }

  /** A frame produced for the client; false when the connection is (now) closed for holding too much. */
  hold(bytes: number): boolean {
    this.#waitingBytes += bytes;
    this.#waitingFrames += 1;
    return this.check();
  }

  /** A held frame went to the socket (where bufferedAmount counts it) or was dropped. */
  release(bytes: number): void {
    this.#waitingBytes -= bytes;
    this.#waitingFrames -= 1;
  }

  /** Closes the connection when it holds too much; false once closed. */
  check(): boolean {
    if (this.#closed) return false;
    const held = this.#waitingBytes + this.#socket.bufferedAmount;
    if (held <= this.#maxBytes && this.#waitingFrames <= MAX_WAITING_FRAMES) return true;
    this.overflow();
    return false;
  }

  /** The client is not reading: close (1008), then drop. */
  overflow(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#onOverflow({
      heldBytes: this.#waitingBytes + this.#socket.bufferedAmount,
      waitingFrames: this.#waitingFrames,
    });
    if (this.#socket.readyState === this.#socket.OPEN) {
      this.#socket.close(LiveCloseCode.SlowConsumer, 'Not reading');
      setTimeout(() => this.#socket.terminate(), CLOSE_GRACE_MS).unref();
    }
  }

  /**
   * Checks after every send too: results of queries and acks do not pass through hold(). One
   * function for every socket, finding its outbox on it: no bound send and closure per connection (LIVE-31).
   */
  watchSends(): void {
    const socket = this.#socket as Watched;
    socket[ownSend] = socket.send as Watched[typeof ownSend];
    socket[outboxOf] = this;
    socket.send = sendAndCheck as WebSocket['send'];
  }
}

const ownSend = Symbol('ownSend');
const outboxOf = Symbol('outbox');
type Watched = WebSocket & { [ownSend]: (...args: unknown[]) => void; [outboxOf]: Outbox };

function sendAndCheck(this: Watched, ...args: unknown[]): void {
  this[ownSend](...args);
  this[outboxOf].check();
}
