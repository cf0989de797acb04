import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

export interface SocketPair {
  /** The server's end of the one connection. */
  readonly serverSide: WebSocket;
  readonly client: WebSocket;
  /** What the client has received so far, in order. */
  readonly received: { text: string; binary: boolean }[];
  /** Resolves once the client has received `count` messages in all. */
  untilReceived(count: number): Promise<void>;
  close(): void;
}

/** A `ws` server on a free local port with one client connected to it: real sockets, nothing else. */
export async function openSocketPair(prepare?: (server: WebSocketServer) => void): Promise<SocketPair> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  prepare?.(server);
  const accepted = once(server, 'connection') as Promise<[WebSocket]>;
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const [serverSide] = await accepted;
  await once(client, 'open');
  const received: { text: string; binary: boolean }[] = [];
  client.on('message', (data, binary) => received.push({ text: String(data), binary }));
  return {
    serverSide,
    client,
    received,
    async untilReceived(count) {
      while (received.length < count) await once(client, 'message');
    },
    close() {
      client.close();
      server.close();
    },
  };
}
