import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestServer } from './test-server.ts';

export const graphqlUrl = (server: TestServer) => server.config.runtime.GRAPHQL_URL;

/** The real graphql-ws client, as the board uses it, with a token that can change. */
export function graphqlClient(
  server: TestServer,
  token: () => string,
  onClosed?: (code: number) => void,
): Client {
  return createClient({
    url: graphqlUrl(server),
    webSocketImpl: WebSocket,
    connectionParams: () => ({ authorization: `Bearer ${token()}` }),
    retryAttempts: 0,
    lazy: false,
    on: { closed: (event) => onClosed?.((event as { code: number }).code) },
  });
}

/** The next value of a subscription, or its error. */
export function take<T>(client: Client, query: string, variables: Record<string, unknown>, count: number) {
  const values: T[] = [];
  let stop = () => {};
  const done = new Promise<T[]>((resolve, reject) => {
    stop = client.subscribe<T>(
      { query, variables },
      {
        next: (value) => {
          if (value.errors) reject(value.errors);
          else values.push(value.data as T);
          if (values.length >= count) resolve(values);
        },
        error: reject,
        complete: () => resolve(values),
      },
    );
  });
  return { done, values, stop: () => stop() };
}

/** A raw socket speaking graphql-transport-ws, to see exactly what the server does with a frame. */
export function rawSocket(
  server: TestServer,
): Promise<{ socket: WebSocket; closed: Promise<number>; messages: unknown[] }> {
  const socket = new WebSocket(graphqlUrl(server), 'graphql-transport-ws');
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, closed, messages }));
    socket.once('error', reject);
  });
}

export async function waitUntil(predicate: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
