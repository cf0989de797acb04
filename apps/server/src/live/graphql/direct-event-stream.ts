import { Repeater } from '@repeaterjs/repeater';
import type { ExecutionArgs, ExecutionResult } from 'graphql';
import {
  type DirectSink,
  type DirectStream,
  DirectSubscription,
  nextPrefix,
  sendNext,
} from './direct-subscription.ts';
import { resultFor } from './shared-execution.ts';

/** Where a subscription's events go: `push` each, `stop` once, with an error or none. */
export interface EventSink<T> {
  push(event: T): void;
  stop(error?: unknown): void;
}

/**
 * Starts a subscription's events into `events`: each event the same object for every subscriber
 * of it, so its result is shared. Resolves to the stop. A screen's subscription is the sink itself,
 * with no closures of its own (LIVE-31).
 */
export type OpenEvents<T> = (events: EventSink<T>) => Promise<() => void>;

/** `{"data":…}` and the message's closing brace, made once per event and operation. */
const bodies = new WeakMap<ExecutionResult, Buffer>();
function bodyOf(result: ExecutionResult): Buffer {
  let body = bodies.get(result);
  if (!body) {
    body = Buffer.from(`${JSON.stringify(result)}}`);
    bodies.set(result, body);
  }
  return body;
}

/**
 * A subscription of events shared by many subscribers (a board's config, a device's record).
 * Over a socket each event is executed once per operation text and serialized once, and each
 * subscriber's socket gets it with only its own id in front: no iterator, Repeater or
 * execution per subscriber (decision LIVE-24). Elsewhere it is an ordinary event iterator.
 */
export class DirectEventStream<T extends object> implements AsyncIterable<T>, DirectStream {
  readonly #open: OpenEvents<T>;

  constructor(open: OpenEvents<T>) {
    this.#open = open;
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return new Repeater<T>(async (push, stop) => {
      const close = await this.#open({ push: (event) => void push(event), stop: (error) => stop(error) });
      await stop;
      close();
    })[Symbol.asyncIterator]();
  }

  direct(
    sink: DirectSink,
    args: ExecutionArgs,
    operationKey: string,
  ): AsyncIterableIterator<ExecutionResult> {
    return new EventSubscription(this.#open, sink, args, operationKey);
  }
}

class EventSubscription<T extends object> extends DirectSubscription implements EventSink<T> {
  readonly #sink: DirectSink;
  readonly #args: ExecutionArgs;
  readonly #operationKey: string;
  readonly #prefix: Buffer;
  #close: (() => void) | undefined;
  /** Results still being executed, in order: a later event's never overtakes an earlier one's. */
  #pending: Promise<void> | undefined;

  constructor(open: OpenEvents<T>, sink: DirectSink, args: ExecutionArgs, operationKey: string) {
    super();
    this.#sink = sink;
    this.#args = args;
    this.#operationKey = operationKey;
    this.#prefix = nextPrefix(sink.id);
    open(this).then(
      (close) => {
        if (this.ended) close();
        else this.#close = close;
      },
      (error: unknown) => this.end(error),
    );
  }

  stop(error?: unknown): void {
    this.end(error);
  }

  push(event: T): void {
    if (this.ended) return;
    const result = resultFor(this.#args, event, this.#operationKey);
    if (!this.#pending && !(result instanceof Promise)) {
      this.#write(result);
      return;
    }
    const written = (this.#pending ?? Promise.resolve())
      .then(() => result)
      .then((settled) => this.#write(settled))
      .catch((error: unknown) => this.end(error))
      .finally(() => {
        if (this.#pending === written) this.#pending = undefined;
      });
    this.#pending = written;
  }

  #write(result: ExecutionResult): void {
    const socket = this.#sink.socket;
    if (this.ended || socket.readyState !== socket.OPEN) return;
    sendNext(socket, this.#prefix, bodyOf(result));
  }

  protected release(): void {
    this.#close?.();
  }
}
