import { Repeater } from '@repeaterjs/repeater';
import { createSourceEventStream, type ExecutionArgs, type ExecutionResult, execute } from 'graphql';
import { toGraphqlError } from './graphql-errors.ts';

/** What makes two subscriptions' results for one event the same: the operation text and its variables. */
export interface SharedOperation {
  readonly operationKey: string;
}

type Result = ExecutionResult | Promise<ExecutionResult>;
const results = new WeakMap<object, Map<string, Result>>();

function resultFor(args: ExecutionArgs, event: unknown, operationKey: string): Result {
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
  const events = source as AsyncIterableIterator<unknown>;
  const { operationKey } = args.contextValue as SharedOperation;
  return new Repeater<ExecutionResult>(async (push, stop) => {
    void stop.then(() => events.return?.());
    try {
      for await (const event of events) await push(await resultFor(args, event, operationKey));
      stop();
    } catch (error) {
      stop(toGraphqlError(error));
    }
  });
}
