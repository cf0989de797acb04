import { Repeater } from '@repeaterjs/repeater';
import { createSourceEventStream, type ExecutionArgs, type ExecutionResult, execute } from 'graphql';
import { type DirectSink, isDirectStream } from './direct-subscription.ts';
import { toGraphqlError } from './graphql-errors.ts';
import { MAX_WAITING_FRAMES_PER_OPERATION, type Outbox } from './outbox.ts';

/** What makes two subscriptions' results for one event the same: the operation text and its variables. */
export interface SharedOperation {
  readonly operationKey: string;
  /** What the connection holds unread; absent outside a connection (LIVE-15). */
  readonly outbox?: Outbox;
  /** The operation's socket and id: a board content stream writes its frames there (LIVE-17). */
  readonly direct?: DirectSink;
}

/**
 * An operation's key: its text and variables. One string per distinct key, however many
 * subscribers send it (ten thousand screens would otherwise each hold their own copy).
 */
const KEYS_KEPT = 10_000;
const keys = new Map<string, string>();
export function operationKeyOf(payload: { readonly query: string; readonly variables?: unknown }): string {
  const key = `${payload.query}\u0000${JSON.stringify(payload.variables ?? {})}`;
  const kept = keys.get(key);
  if (kept !== undefined) return kept;
  if (keys.size >= KEYS_KEPT) keys.delete(keys.keys().next().value as string);
  keys.set(key, key);
  return key;
}

/** A frame's size for the outbox: board frames are JSON text; a board config is small. */
function sizeOf(event: unknown): number {
  return typeof event === 'string' ? event.length : 2048;
}

type Result = ExecutionResult | Promise<ExecutionResult>;
const results = new WeakMap<object, Map<string, Result>>();

/** One event's result for one operation, executed once and shared by its subscribers. */
export function resultFor(args: ExecutionArgs, event: unknown, operationKey: string): Result {
  if (typeof event !== 'object' || event === null) return execute({ ...args, rootValue: event });
  let byOperation = results.get(event);
  if (!byOperation) {
    byOperation = new Map();
    results.set(event, byOperation);
  }
  let result = byOperation.get(operationKey);
  if (!result) {
    result = execute({ ...args, rootValue: event });
    byOperation.set(operationKey, result);
  }
  return result;
}

/**
 * graphql's subscribe, but an event object delivered to many subscriptions of
 * the same operation is executed once and its result shared (graphql-js would
 * execute it once per subscription). Sound because our subscription fields
 * depend only on the event: who may see it was settled when subscribing. A stream
 * that ends with one of our errors (a board gone) ends with its GraphQL error.
 */
export async function subscribeSharingResults(
  args: ExecutionArgs,
): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in Object(source))) return source as ExecutionResult;
  const { operationKey, outbox, direct } = args.contextValue as SharedOperation;
  if (direct && isDirectStream(source)) return source.direct(direct, args, operationKey);
  const events = source as AsyncIterableIterator<unknown>;
  return new Repeater<ExecutionResult>(async (push, stop) => {
    void stop.then(() => events.return?.());
    let waiting = 0;
    try {
      for await (const event of events) {
        if (!outbox) {
          await push(await resultFor(args, event, operationKey));
          continue;
        }
        // Taken from the source at once and held here, counted: a client that does not
        // read is closed when its connection holds too much, not queued for (LIVE-15).
        const bytes = sizeOf(event);
        if (waiting >= MAX_WAITING_FRAMES_PER_OPERATION) outbox.overflow();
        if (!outbox.hold(bytes)) break;
        waiting += 1;
        const sent = push(resultFor(args, event, operationKey));
        const done = () => {
          waiting -= 1;
          outbox.release(bytes);
        };
        sent.then(done, done);
      }
      stop();
    } catch (error) {
      stop(toGraphqlError(error));
    }
  });
}
