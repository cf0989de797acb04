import { boardContentFields, LiveCloseCode } from '@careboard/contracts';
import {
  createSourceEventStream,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  Kind,
} from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import type { WebSocket } from 'ws';
import { DirectSubscription, type EndListener, isDirectStream } from './direct-subscription.ts';
import { toGraphqlError } from './graphql-errors.ts';
import type { LiveContext } from './live-context.ts';
import { type OperationLimits, prepareOperation } from './operation-limits.ts';

/** The subscription fields whose events are written straight to sockets: what every screen holds. */
const DIRECT_FIELDS: ReadonlySet<string> = new Set([
  'displayBoard',
  'thisDevice',
  ...Object.values(boardContentFields),
]);

const directDocuments = new WeakMap<DocumentNode, Map<string, boolean>>();

/** A subscription of exactly one direct field (aliases allowed): a screen's own three operations. */
function isDirectOperation(document: DocumentNode, operationName: string | null | undefined): boolean {
  let byName = directDocuments.get(document);
  if (!byName) {
    byName = new Map();
    directDocuments.set(document, byName);
  }
  const key = operationName ?? '';
  let direct = byName.get(key);
  if (direct === undefined) {
    const operation = getOperationAST(document, operationName);
    const selections = operation?.selectionSet.selections ?? [];
    const only = selections.length === 1 ? selections[0] : undefined;
    direct =
      operation?.operation === 'subscription' &&
      only?.kind === Kind.FIELD &&
      (only.directives?.length ?? 0) === 0 &&
      DIRECT_FIELDS.has(only.name.value);
    byName.set(key, direct);
  }
  return direct;
}

/**
 * What an event is executed with, one per operation text and variables: a screen's results are
 * shared by every subscriber of the same operation (LIVE-20), and the screens' fields resolve
 * from the event alone, so no connection's context needs to be kept for it.
 */
const SHARED_ARGS_KEPT = 10_000;
const shared = new Map<string, ExecutionArgs>();
function sharedArgs(args: ExecutionArgs, operationKey: string): ExecutionArgs {
  let kept = shared.get(operationKey);
  if (!kept) {
    kept = {
      schema: args.schema,
      document: args.document,
      operationName: args.operationName ?? null,
      variableValues: args.variableValues ?? {},
      contextValue: undefined,
    };
    if (shared.size >= SHARED_ARGS_KEPT) shared.delete(shared.keys().next().value as string);
    shared.set(operationKey, kept);
  }
  return kept;
}

type Message = { readonly id?: unknown; readonly type?: unknown; readonly payload?: unknown };

export interface DirectOperationsOptions {
  readonly socket: WebSocket;
  readonly schema: GraphQLSchema;
  readonly limits: OperationLimits;
  /** graphql-ws's state of the connection: acknowledged, and the subscriptions it runs. */
  readonly protocol: { readonly acknowledged: boolean; readonly subscriptions: Record<string, unknown> };
  /** The operation's context, counted against the connection's limit; undefined when refused (the socket is closed). */
  readonly admit: (id: string, payload: SubscribePayload) => LiveContext | undefined;
  /** The operation ended, however: it no longer counts. */
  readonly finish: (id: string) => void;
}

/**
 * A connection's subscriptions of the screens' own fields (board config, board content, its
 * device), run without graphql-ws's per-operation machinery: graphql-ws keeps a suspended
 * handler per operation holding the message, its parsed form, its arguments and closures,
 * about 10 KiB per screen. Here an operation is an entry in a map and its direct subscription
 * (decision LIVE-24). The protocol is the same: `next`, then `complete`, or `error`; a client's
 * `complete` ends it. Every other message goes on to graphql-ws.
 */
export class DirectOperations implements EndListener {
  readonly #options: DirectOperationsOptions;
  /** By id; undefined while its source is being made. */
  readonly #running = new Map<string, AsyncIterator<ExecutionResult> | undefined>();

  constructor(options: DirectOperationsOptions) {
    this.#options = options;
  }

  /** Handles the message if it is one of ours (true); otherwise graphql-ws handles it. */
  take(data: unknown): boolean {
    if (!Buffer.isBuffer(data)) return false;
    let message: Message;
    try {
      message = JSON.parse(data.toString()) as Message;
    } catch {
      return false;
    }
    if (typeof message !== 'object' || message === null || typeof message.id !== 'string') return false;
    if (message.type === 'complete') return this.#complete(message.id);
    if (message.type !== 'subscribe' || !this.#options.protocol.acknowledged) return false;
    const payload = message.payload as SubscribePayload | undefined;
    if (typeof payload !== 'object' || payload === null || typeof payload.query !== 'string') return false;
    const prepared = prepareOperation(this.#options.schema, payload, this.#options.limits);
    if (Array.isArray(prepared)) return false;
    const args = prepared as Omit<ExecutionArgs, 'contextValue'>;
    if (!isDirectOperation(args.document, args.operationName)) return false;
    const id = message.id;
    if (id in this.#options.protocol.subscriptions || this.#running.has(id)) {
      this.#options.socket.close(
        LiveCloseCode.SubscriberAlreadyExists,
        `Subscriber for ${id} already exists`,
      );
      return true;
    }
    const context = this.#options.admit(id, payload);
    if (!context) return true;
    this.#running.set(id, undefined);
    void this.#run(id, { ...args, contextValue: context }, context);
    return true;
  }

  /** The connection closed: every operation stops. */
  closeAll(): void {
    const running = [...this.#running.values()];
    this.#running.clear();
    for (const iterator of running) void iterator?.return?.();
  }

  async #run(id: string, args: ExecutionArgs, context: LiveContext): Promise<void> {
    let iterator: AsyncIterator<ExecutionResult>;
    try {
      const source = await createSourceEventStream(args);
      if (!isDirectStream(source) || !context.direct) {
        // Arguments refused, or the field's resolver failed: graphql-ws's answer is `next` with the errors.
        const result: ExecutionResult =
          Symbol.asyncIterator in Object(source)
            ? { errors: [new GraphQLError('Internal server error')] }
            : (source as ExecutionResult);
        if (this.#running.delete(id)) {
          this.#send({ id, type: 'next', payload: result });
          this.#send({ id, type: 'complete' });
          this.#options.finish(id);
        }
        return;
      }
      iterator = source.direct(context.direct, sharedArgs(args, context.operationKey), context.operationKey);
    } catch (error) {
      this.#fail(id, error);
      return;
    }
    if (!this.#running.has(id)) {
      // Completed by the client while its source was being made.
      void iterator.return?.();
      return;
    }
    this.#running.set(id, iterator);
    // Not awaited here: a suspended function per operation would hold its arguments as long as it runs.
    if (iterator instanceof DirectSubscription) iterator.onEnd(this, id);
    else
      iterator.next().then(
        () => this.subscriptionEnded(id),
        (error: unknown) => this.subscriptionEnded(id, error),
      );
  }

  /** An operation's subscription ended: `complete`, or `error` with its error (EndListener). */
  subscriptionEnded(id: string, error?: unknown): void {
    if (error === undefined) this.#completed(id);
    else this.#fail(id, error);
  }

  #completed(id: string): void {
    if (!this.#running.delete(id)) return;
    this.#send({ id, type: 'complete' });
    this.#options.finish(id);
  }

  #fail(id: string, error: unknown): void {
    if (!this.#running.delete(id)) return;
    const graphqlError = toGraphqlError(error);
    const payload =
      graphqlError instanceof GraphQLError
        ? graphqlError
        : new GraphQLError(graphqlError instanceof Error ? graphqlError.message : String(graphqlError));
    this.#send({ id, type: 'error', payload: [payload] });
    this.#options.finish(id);
  }

  #complete(id: string): boolean {
    if (!this.#running.has(id)) return false;
    const iterator = this.#running.get(id);
    this.#running.delete(id);
    this.#options.finish(id);
    void iterator?.return?.();
    return true;
  }

  #send(message: object): void {
    const socket = this.#options.socket;
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }
}
