import { EventEmitter } from 'node:events';
import type { WebSocket, WebSocketServer } from 'ws';

/** graphql-ws's ping as the board app sends it (no payload), and the pong it gets back. */
const PING = Buffer.from('{"type":"ping"}');
const PONG = Buffer.from('{"type":"pong"}');
const lastHeard = Symbol('lastHeard');
const taker = Symbol('taker');

type Watched = WebSocket & { [lastHeard]: number; [taker]?: (data: unknown) => boolean };

/** Messages `take` answers (returns true for) do not reach the socket's other listeners (LIVE-24). */
export function takeMessages(socket: WebSocket, take: (data: unknown) => boolean): void {
  (socket as Watched)[taker] = take;
}

function isPing(data: unknown): boolean {
  return Buffer.isBuffer(data) && data.length === PING.length && data.equals(PING);
}

/**
 * In place of each socket's own listener: a screen's ping (every 3 s) is answered at once with
 * the same pong bytes, without parsing or serializing; anything heard counts as alive.
 * One function for every socket: no closure per connection.
 */
function keepAliveEmit(this: Watched, event: string | symbol, ...args: unknown[]): boolean {
  if (event === 'message' || event === 'pong') {
    this[lastHeard] = Date.now();
    if (event === 'message' && isPing(args[0])) {
      this.send(PONG, { binary: false });
      return true;
    }
    if (event === 'message' && this[taker]?.(args[0])) return true;
  }
  return EventEmitter.prototype.emit.call(this, event, ...args);
}

/**
 * The live connections' keep-alive, cheap at ten thousand screens (decision LIVE-19): their pings
 * are answered at the socket, and one sweep (not a timer per connection) pings a socket not heard
 * from for `intervalMs` and drops one silent for twice that.
 */
export function keepConnectionsAlive(sockets: WebSocketServer, intervalMs: number): () => void {
  sockets.on('connection', (socket) => {
    (socket as Watched)[lastHeard] = Date.now();
    socket.emit = keepAliveEmit as WebSocket['emit'];
  });
  if (!(intervalMs > 0 && Number.isFinite(intervalMs))) return () => undefined;
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const socket of sockets.clients) {
      if (socket.readyState !== socket.OPEN) continue;
      const silent = now - ((socket as Watched)[lastHeard] ?? now);
      if (silent >= 2 * intervalMs) socket.terminate();
      else if (silent >= intervalMs) socket.ping();
    }
  }, intervalMs);
  sweep.unref();
  return () => clearInterval(sweep);
}
