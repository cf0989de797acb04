import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { TrustProxy } from './client-address.ts';

/**
 * Keep-alive: an idle connection between requests is closed after this. Longer than the 60 s a
 * load balancer or nginx keeps an idle upstream connection, so the server never closes one the
 * proxy is about to reuse (Fastify's own default); the per-address cap bounds what idle ones cost.
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** Headers must arrive within this (or the request timeout, if shorter). */
const HEADERS_TIMEOUT_MS = 10_000;
/** A socket with no traffic at all for this long, mid-request, is closed. */
const IDLE_SOCKET_TIMEOUT_MS = 60_000;
/** How often Node checks the header and request timeouts: a trickled request ends within a second of its limit. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Fastify's (and so Node's) timeouts for a server whose whole request must arrive within
 * `requestTimeoutSec`: a client that sends headers and then trickles its body is cut when that ends
 * (decision FND-25). Upgraded connections (WebSockets) leave Node's HTTP parser and these timeouts;
 * the live protocols keep them alive themselves (LIVE-03).
 */
export function serverTimeouts(requestTimeoutSec: number) {
  const requestTimeout = requestTimeoutSec * 1000;
  return {
    requestTimeout,
    connectionTimeout: IDLE_SOCKET_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
  } as const;
}

/**
 * At most `cap` open connections per client address, counted from the 'connection' event to the
 * socket's close (so WebSocket upgrades count for as long as they live); one more is destroyed at
 * once, before a byte is read. A trusted proxy is not counted: its connections carry many clients,
 * and it caps them itself (FND-24, FND-25). One warning per address each time it reaches the cap.
 */
/** The address a socket is counted under, until it closes. */
const countedAs = Symbol('countedAs');

export function capConnectionsPerAddress(
  server: Server,
  { cap, trustProxy, log }: { cap: number; trustProxy: TrustProxy; log: Logger },
): void {
  const open = new Map<string, number>();
  const warned = new Set<string>();
  // One handler for every socket, its address kept on it: no closure per connection (LIVE-31).
  function release(this: Socket & { [countedAs]?: string }): void {
    const address = this[countedAs];
    if (address === undefined) return;
    this[countedAs] = undefined;
    const left = (open.get(address) ?? 1) - 1;
    if (left > 0) open.set(address, left);
    else open.delete(address);
    if (left < cap) warned.delete(address);
  }
  server.on('connection', (socket: Socket & { [countedAs]?: string }) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (socket.remoteAddress && trustProxy(socket.remoteAddress, 0)) return;
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      if (!warned.has(address)) {
        warned.add(address);
        log.warn({ address, cap }, 'too many open connections from one address; refusing more');
      }
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket[countedAs] = address;
    socket.on('close', release);
  });
}
