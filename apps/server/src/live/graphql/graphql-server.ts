import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { LiveCloseCode } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { CloseCode, type Context, type SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { type WebSocket, WebSocketServer } from 'ws';
import { clientAddress, type TrustProxy } from '../../http/client-address.ts';
import type { AccountAccess } from '../../identity/account-access.ts';
import type { VerifyAccessToken } from '../../identity/verify-access-token.ts';
import { type HoldDevice, type Release, type ScreenReport, screenReportOf } from '../devices/hold-device.ts';
import { isRefusal, LiveIdentity, tokenFromParams } from '../live-identity.ts';
import { DirectOperations } from './direct-operations.ts';
import { keepConnectionsAlive, takeMessages } from './keep-alive.ts';
import type { LiveContext } from './live-context.ts';
import { DEFAULT_OPERATION_LIMITS, type OperationLimits, prepareOperation } from './operation-limits.ts';
import { Outbox } from './outbox.ts';
import { operationKeyOf, subscribeSharingResults } from './shared-execution.ts';

/** How often connections that have not sent connection_init are looked at (at most; less with a shorter wait). */
const INIT_SWEEP_MS = 1_000;

/** A screen holding this much unsent is behind: its board frames wait until it reads (LIVE-18). */
const SLOW_BYTES = 1024 * 1024;

export interface LiveLimits {
  readonly maxMessageBytes: number;
  readonly subscriptionsPerConnection: number;
  readonly connectionsPerMinutePerAddress: number;
  readonly keepAliveMs: number;
  readonly initTimeoutMs: number;
  /** Bytes the server may hold for one connection, not yet read by it, before closing it (decision LIVE-15). */
  readonly maxBufferedBytes: number;
  readonly operations: OperationLimits;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = Object.freeze({
  maxMessageBytes: 64 * 1024,
  subscriptionsPerConnection: 20,
  connectionsPerMinutePerAddress: 60,
  keepAliveMs: 15_000,
  initTimeoutMs: 10_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  operations: DEFAULT_OPERATION_LIMITS,
});

interface Extra {
  readonly socket: WebSocket;
  request?: IncomingMessage;
  identity?: LiveIdentity;
  subscriptions?: Set<string>;
  /** A screen's connection holds its device online (BOF-43). */
  release?: Release;
  /** The screens' own subscriptions, run beside graphql-ws (LIVE-24). */
  direct?: DirectOperations;
}

export interface GraphqlServerOptions {
  readonly path: string;
  readonly schema: GraphQLSchema;
  readonly verify: VerifyAccessToken;
  /** A person's account, checked at connection_init and again every second (IDN-22); none: not checked. */
  readonly accounts?: AccountAccess;
  /** Whose X-Forwarded-For counts for the per-address limit (FND-24). */
  readonly trustProxy: TrustProxy;
  readonly log: Logger;
  readonly limits?: LiveLimits;
  /** Screens' connections: online while held, refused and closed once revoked (BOF-43, BOF-46). */
  readonly holdDevice?: HoldDevice;
}

/** What graphql-ws and ws would keep for a connection's life and nobody reads again: its init's params (a token), its upgrade request. */
function forgetConnectRequest(ctx: Context): void {
  (ctx as { connectionParams?: unknown }).connectionParams = undefined;
  delete (ctx.extra as Extra).request;
}

/** Holds a screen's device for its connection, or refuses the connection (a revoked device). */
async function holdDeviceOf(
  extra: Extra,
  holdDevice: HoldDevice,
  close: (code: number, reason: string) => void,
  seen: ScreenReport,
): Promise<boolean> {
  const identity = extra.identity;
  if (!identity) return false;
  const held = await holdDevice(identity.principal, close, seen);
  if (typeof held !== 'function') {
    identity.dispose();
    close(held.code, held.reason);
    return false;
  }
  extra.release = held;
  // Closed while the device was being looked up: onClose has run already.
  if (extra.socket.readyState >= extra.socket.CLOSING) held();
  return true;
}

/**
 * GraphQL over the graphql-ws protocol at `path`, on the Fastify server's
 * HTTP server. Authentication happens in connection_init; the protocol logic
 * is graphql-ws's, this file only adapts it and adds limits.
 */
export function attachGraphqlServer(app: FastifyInstance, options: GraphqlServerOptions): void {
  const limits = options.limits ?? DEFAULT_LIVE_LIMITS;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  const rate = new RateLimiterMemory({ points: limits.connectionsPerMinutePerAddress, duration: 60 });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://local').pathname !== options.path) return;
    rate.consume(clientAddress(request, options.trustProxy)).then(
      () => sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request)),
      () => socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'),
    );
  };
  app.server.on('upgrade', onUpgrade);
  // Before graphql-ws's listeners: pings answered at the socket, one sweep for liveness (LIVE-19).
  const stopKeepAlive = keepConnectionsAlive(sockets, limits.keepAliveMs);
  // Registered before graphql-ws's own listener, so every send it makes is counted (LIVE-15).
  const outboxes = new WeakMap<WebSocket, Outbox>();
  // Shared by every connection: nothing per connection that a log line does not need.
  const onOverflow = (held: { heldBytes: number; waitingFrames: number }) =>
    options.log.warn(held, 'live connection closed: it does not read what it is sent');
  sockets.on('connection', (ws) => {
    const outbox = new Outbox(ws, limits.maxBufferedBytes, onOverflow);
    outbox.watchSends();
    outboxes.set(ws, outbox);
  });

  // graphql-ws's wait for connection_init is a timer per connection, kept (fired or not) until the
  // connection closes: one sweep over the connections still waiting instead (LIVE-28).
  const awaitingInit = new Map<WebSocket, number>();
  sockets.on('connection', (ws) => awaitingInit.set(ws, Date.now() + limits.initTimeoutMs));
  const initSweep = setInterval(
    () => {
      const now = Date.now();
      for (const [ws, deadline] of awaitingInit) {
        if (ws.readyState !== ws.OPEN) awaitingInit.delete(ws);
        else if (now >= deadline) {
          awaitingInit.delete(ws);
          ws.close(CloseCode.ConnectionInitialisationTimeout, 'Connection initialisation timeout');
        }
      }
    },
    Math.min(INIT_SWEEP_MS, limits.initTimeoutMs),
  );
  initSweep.unref();

  const extraOf = (ctx: Context) => ctx.extra as Extra;
  /** An operation's context, counted against the connection's limit; undefined when refused. */
  const admit = (extra: Extra, id: string, payload: SubscribePayload): LiveContext | undefined => {
    if (!extra.identity || !extra.subscriptions) return undefined;
    if (extra.subscriptions.size >= limits.subscriptionsPerConnection) {
      extra.socket.close(LiveCloseCode.TooManySubscriptions, 'Too many subscriptions');
      return undefined;
    }
    extra.subscriptions.add(id);
    const outbox = outboxes.get(extra.socket);
    return {
      identity: extra.identity,
      operationKey: operationKeyOf(payload),
      ...(outbox ? { outbox } : {}),
      direct: { socket: extra.socket, id, slowBytes: Math.min(SLOW_BYTES, limits.maxBufferedBytes / 4) },
    };
  };
  /** After connection_init: the screens' own subscriptions skip graphql-ws's per-operation work (LIVE-24). */
  const runDirect = (ctx: Context) => {
    const extra = extraOf(ctx);
    extra.direct = new DirectOperations({
      socket: extra.socket,
      schema: options.schema,
      limits: limits.operations,
      protocol: ctx,
      admit: (id, payload) => admit(extra, id, payload),
      finish: (id) => extra.subscriptions?.delete(id),
    });
    const direct = extra.direct;
    takeMessages(extra.socket, (data) => direct.take(data));
  };
  const close = (ctx: Context) => (code: number, reason: string) => extraOf(ctx).socket.close(code, reason);

  useServer(
    {
      schema: options.schema,
      subscribe: subscribeSharingResults,
      connectionInitWaitTimeout: 0,
      onConnect: async (ctx) => {
        awaitingInit.delete(extraOf(ctx).socket);
        const params = ctx.connectionParams;
        // Read once here: the token and the request are not kept for the connection's life (LIVE-24).
        forgetConnectRequest(ctx);
        const opened = await LiveIdentity.open(tokenFromParams(params), options.verify, options.accounts);
        if (isRefusal(opened)) {
          close(ctx)(opened.code, opened.reason);
          return false;
        }
        const closer = close(ctx);
        extraOf(ctx).identity = opened.bind(closer);
        extraOf(ctx).subscriptions = new Set();
        runDirect(ctx);
        if (options.holdDevice)
          return holdDeviceOf(extraOf(ctx), options.holdDevice, closer, screenReportOf(params));
        return true;
      },
      onSubscribe: (ctx, id, payload) => {
        const prepared = prepareOperation(options.schema, payload, limits.operations);
        if (Array.isArray(prepared)) return prepared;
        const contextValue = admit(extraOf(ctx), id, payload);
        if (!contextValue) return;
        return { ...(prepared as Exclude<typeof prepared, readonly unknown[]>), contextValue };
      },
      onComplete: (ctx, id) => {
        extraOf(ctx).subscriptions?.delete(id);
      },
      onError: (ctx, id) => {
        extraOf(ctx).subscriptions?.delete(id);
      },
      onClose: (ctx) => {
        extraOf(ctx).direct?.closeAll();
        extraOf(ctx).identity?.dispose();
        extraOf(ctx).release?.();
      },
    },
    sockets,
    // Its timer per connection is replaced by keepConnectionsAlive's one sweep.
    0,
  );
  // A frame ws refuses (not UTF-8: 1007, over maxPayload: 1009) is closed by ws itself with
  // that code; graphql-ws's listener only adds a console.error with a stack per bad frame,
  // outside the log (FND-13). Registered after useServer's, this swaps it for one warn line.
  const onBadFrame = (error: Error) =>
    options.log.warn({ reason: error.message }, 'live connection sent a bad frame');
  sockets.on('connection', (ws) => {
    ws.removeAllListeners('error');
    ws.on('error', onBadFrame);
  });

  // Tell every board to come back (1012: service restart) before the process goes.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    stopKeepAlive();
    clearInterval(initSweep);
    for (const client of sockets.clients) client.close(LiveCloseCode.ServiceRestart, 'Server restarting');
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
  });
  options.log.debug({ path: options.path }, 'graphql-ws ready');
}
