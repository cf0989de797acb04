/**
 * The baseline's server, a child process: a bare `ws` WebSocketServer that sends
 * whatever bytes it was given to every client when told to. No protocol, no
 * per-client work beyond framing: the floor a fan-out over WebSockets can reach.
 */
import { WebSocketServer } from 'ws';
import type { ToRawServer } from './raw-ws-protocol.ts';

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
let payload = Buffer.alloc(0);

server.on('listening', () => {
  const address = server.address();
  process.send?.({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
});

process.on('message', (message: ToRawServer) => {
  if (message.type === 'load') payload = Buffer.from(message.text);
  // A text frame, as graphql-ws sends; the bytes are encoded once, not once per client.
  if (message.type === 'broadcast')
    for (const client of server.clients) client.send(payload, { binary: false });
  if (message.type === 'stop') {
    for (const client of server.clients) client.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
