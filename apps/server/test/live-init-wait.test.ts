import { once } from 'node:events';
import { scopesFor } from '@careboard/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildSchema } from 'graphql';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { attachGraphqlServer, DEFAULT_LIVE_LIMITS } from '../src/live/graphql/graphql-server.ts';

/**
 * The wait for connection_init (LIVE-28): one sweep over the connections still waiting, instead of
 * graphql-ws's timer per connection; graphql-ws's close code and reason are kept.
 */
const INIT_TIMEOUT_MS = 300;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  app = Fastify();
  attachGraphqlServer(app, {
    path: '/graphql',
    schema: buildSchema('type Query { hello: String }'),
    verify: async () => ({
      customerId: 'acme',
      subject: 'person',
      scopes: new Set(scopesFor('display-board.read')),
      clientId: undefined,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    }),
    trustProxy: () => false,
    log: pino({ level: 'silent' }),
    limits: { ...DEFAULT_LIVE_LIMITS, initTimeoutMs: INIT_TIMEOUT_MS },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/graphql`;
});
afterAll(() => app?.close());

async function open(): Promise<WebSocket> {
  const socket = new WebSocket(url, 'graphql-transport-ws');
  await once(socket, 'open');
  return socket;
}

describe('the wait for connection_init', () => {
  it('closes a connection that never sends connection_init with 4408, and keeps one that did', async () => {
    const [silent, greeted] = await Promise.all([open(), open()]);
    const acked = new Promise((resolve) => greeted.once('message', (data) => resolve(String(data))));
    greeted.send(JSON.stringify({ type: 'connection_init', payload: { authorization: 'Bearer x' } }));
    expect(JSON.parse((await acked) as string)).toEqual({ type: 'connection_ack' });

    const startedAt = Date.now();
    const [code, reason] = (await once(silent, 'close')) as [number, Buffer];
    expect(code).toBe(4408);
    expect(String(reason)).toBe('Connection initialisation timeout');
    expect(Date.now() - startedAt).toBeLessThan(INIT_TIMEOUT_MS + 2_000);

    await new Promise((resolve) => setTimeout(resolve, INIT_TIMEOUT_MS * 2));
    expect(greeted.readyState).toBe(WebSocket.OPEN);
    greeted.close();
  });
});
