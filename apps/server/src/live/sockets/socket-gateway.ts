import type { IncomingMessage } from 'node:http';
import {
  type ClientToServerEvents,
  errorEvent,
  hasScopes,
  LiveCloseCode,
  type ServerToClientEvents,
  type SocketAction,
  type SocketActionResults,
  scopesFor,
  successEvent,
} from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { AppError } from '../../errors/app-error.ts';
import { toAppError } from '../../errors/database-errors.ts';
import { clientAddress, type TrustProxy } from '../../http/client-address.ts';
import type { AccountAccess } from '../../identity/account-access.ts';
import type { VerifyAccessToken } from '../../identity/verify-access-token.ts';
import type { HoldDevice, Release } from '../devices/hold-device.ts';
import { isRefusal, LiveIdentity, type Refusal } from '../live-identity.ts';

export interface SocketData {
  identity: LiveIdentity;
  /** A screen's socket holds its device online too (BOF-43). */
  release?: Release;
}

export type GatewayServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type GatewaySocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Runs one action for a customer; what it returns is the success payload's `result`. */
export type ActionHandler<A extends SocketAction = SocketAction> = (
  request: Record<string, unknown>,
  context: { customerId: string; subject: string; io: GatewayServer },
) => Promise<SocketActionResults[A]>;

/** Every action's handler, each answering its result as contracts types it. */
export type ActionHandlers = { readonly [A in SocketAction]: ActionHandler<A> };

export interface GatewayOptions {
  readonly path: string;
  readonly boardOrigin: string;
  readonly verify: VerifyAccessToken;
  /** A person's account, checked at the handshake, at each action and every second (IDN-22); none: not checked. */
  readonly accounts?: AccountAccess;
  /** Whose X-Forwarded-For counts for the per-address limit (FND-24). */
  readonly trustProxy: TrustProxy;
  readonly log: Logger;
  readonly actions: ActionHandlers;
  readonly connectionsPerMinutePerAddress?: number;
  /** Carries room broadcasts to other nodes (Redis); by default they reach this node's sockets only. */
  readonly adapter?: ServerOptions['adapter'];
  /** Screens' connections: online while held, refused and closed once revoked (BOF-43, BOF-46). */
  readonly holdDevice?: HoldDevice;
}

export const customerRoom = (customerId: string) => `customer:${customerId}`;

/** Packets a socket may have waiting to be sent before it counts as not reading (decision LIVE-15). */
const MAX_UNSENT_PACKETS = 1_000;
/** How long a dropped socket's close frame may take before its connection is cut. */
const CLOSE_GRACE_MS = 2_000;

/**
 * Drops a socket whose client does not read: engine.io keeps every packet it
 * cannot write yet in the socket's write buffer, without limit, until the
 * heartbeat notices (25 s). Answers whether it was dropped (LIVE-15).
 */
function dropIfNotReading(socket: GatewaySocket, log: Logger): boolean {
  const conn = socket.conn as unknown as {
    writeBuffer?: readonly unknown[];
    close(discard?: boolean): void;
    transport?: { socket?: { terminate?: () => void } };
  };
  const unsent = conn.writeBuffer?.length ?? 0;
  if (unsent <= MAX_UNSENT_PACKETS) return false;
  log.warn({ unsentPackets: unsent }, 'socket closed: it does not read what it is sent');
  const transport = conn.transport;
  conn.close(true);
  setTimeout(() => transport?.socket?.terminate?.(), CLOSE_GRACE_MS).unref();
  return true;
}

/**
 * The socket gateway: one room per customer, the token in the connection
 * query (verified like the API), `refreshToken` to renew it, and actions whose
 * results come back as `<action>.success` / `<action>.error` with the
 * request's correlation_id.
 */
export function attachSocketGateway(app: FastifyInstance, options: GatewayOptions): GatewayServer {
  const rate = new RateLimiterMemory({ points: options.connectionsPerMinutePerAddress ?? 60, duration: 60 });
  const io: GatewayServer = new Server(app.server, {
    path: options.path,
    serveClient: false,
    cors: { origin: options.boardOrigin },
    maxHttpBufferSize: 64 * 1024,
    pingInterval: 15_000,
    pingTimeout: 10_000,
    connectTimeout: 10_000,
    // Other paths' upgrades (GraphQL) belong to someone else: leave them alone.
    destroyUpgrade: false,
    ...(options.adapter ? { adapter: options.adapter } : {}),
    allowRequest: (request: IncomingMessage, callback) => {
      rate.consume(clientAddress(request, options.trustProxy)).then(
        () => callback(null, true),
        () => callback('Too many connections', false),
      );
    },
  });

  io.use(async (socket, next) => {
    const query = socket.handshake.query.token;
    const token = typeof query === 'string' ? query : (socket.handshake.auth as { token?: unknown }).token;
    const opened = await LiveIdentity.open(
      typeof token === 'string' ? token : undefined,
      options.verify,
      options.accounts,
    );
    if (isRefusal(opened))
      return next(Object.assign(new Error(opened.reason), { data: { code: opened.code } }));
    socket.data.identity = opened;
    if (options.holdDevice) {
      const held = await options.holdDevice(opened.principal, (code, reason) => {
        socket.emit('token.rejected', { code: String(code), message: reason });
        socket.disconnect(true);
      });
      if (typeof held !== 'function')
        return next(Object.assign(new Error(held.reason), { data: { code: held.code } }));
      socket.data.release = held;
    }
    next();
  });

  io.on('connection', (socket) => onConnection(io, socket, options));
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    await io.close();
  });
  return io;
}

function onConnection(io: GatewayServer, socket: GatewaySocket, options: GatewayOptions): void {
  const { identity } = socket.data;
  // Expiry and rejected renewals end the connection; the board reconnects with a fresh token.
  const end = (code: number, reason: string) => {
    socket.emit('token.rejected', { code: String(code), message: reason });
    socket.disconnect(true);
  };
  const renewable = identity.bind(end);
  void socket.join(customerRoom(renewable.customerId));

  socket.on('refreshToken', (token) => {
    if (typeof token !== 'string') return end(4400, 'Bad request');
    renewable.renew(token).catch(() => undefined);
  });

  for (const action of Object.keys(options.actions) as SocketAction[]) {
    socket.on(action, async (request: unknown) => {
      if (dropIfNotReading(socket, options.log)) return;
      const body =
        typeof request === 'object' && request !== null ? (request as Record<string, unknown>) : {};
      const correlation = typeof body.correlation_id === 'string' ? body.correlation_id.slice(0, 100) : '';
      let refused: Refusal | undefined;
      try {
        if (!correlation) throw new AppError('IS_REQUIRED', { field: 'correlation_id' });
        // The person's account as it is now, as a REST request checks it (kept at most 3 s, IDN-22).
        refused = await renewable.recheck();
        if (refused)
          throw new AppError(refused.code === LiveCloseCode.Forbidden ? 'FORBIDDEN' : 'UNAUTHORIZED', {});
        // The same table the REST twin's preHandler reads (LIVE-16), checked against the
        // connection's current token (a renewal may have narrowed it).
        if (!hasScopes(renewable.principal.scopes, scopesFor(action))) throw new AppError('FORBIDDEN', {});
        const result = await options.actions[action](body, {
          customerId: renewable.customerId,
          subject: renewable.principal.subject,
          io,
        });
        // Answers come after a wait (the account's check, the action): a client that stopped
        // reading meanwhile is dropped before its buffer grows past the cap (LIVE-15).
        if (dropIfNotReading(socket, options.log)) return;
        socket.emit(successEvent(action), { correlation_id: correlation, result });
      } catch (error) {
        // A database outage is SERVICE_UNAVAILABLE here too, as REST answers 503 (FND-20).
        const mapped = toAppError(error);
        const known = mapped instanceof AppError ? mapped : undefined;
        if (!known) options.log.error({ err: error, action }, 'unexpected error');
        if (dropIfNotReading(socket, options.log)) return;
        socket.emit(errorEvent(action), {
          correlation_id: correlation,
          code: known?.code ?? 'INTERNAL_SERVER_ERROR',
          message: known?.message ?? 'Internal server error.',
          params: (known?.params ?? {}) as Readonly<Record<string, unknown>>,
        });
      }
      // Answered first, so the action's caller hears why; then the connection ends.
      if (refused) renewable.end(refused);
    });
  }
  socket.on('disconnect', () => {
    renewable.dispose();
    socket.data.release?.();
  });
}
