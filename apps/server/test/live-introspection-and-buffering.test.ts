import {
  boardContentSubscription,
  type ClientToServerEvents,
  displayBoardSubscription,
  LiveCloseCode,
  type ServerToClientEvents,
} from '@careboard/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiClient } from './api-client.ts';
import { graphqlClient, graphqlUrl, take, waitUntil } from './live-clients.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

// No introspection outside development (LIVE-14), and a
// client that never reads is closed once the server holds 4 MiB for it (LIVE-15).
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await accessToken(server);
});
afterAll(async () => {
  await server?.close();
});

describe('introspection', () => {
  it('is a validation error by default', async () => {
    const client = graphqlClient(server, () => token);
    try {
      const errors = await take(client, '{ __schema { types { name } } }', {}, 1).done.then(
        () => [],
        (error: unknown) => error as { message: string }[],
      );
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]?.message).toMatch(/introspection/i);
      const typeQuery = await take(client, '{ __type(name: "Query") { name } }', {}, 1).done.catch(
        (error: unknown) => error,
      );
      expect((typeQuery as { message: string }[])[0]?.message).toMatch(/introspection/i);
    } finally {
      await client.dispose();
    }
  });

  it('answers when CAREBOARD_GRAPHQL_INTROSPECTION is on', async () => {
    const own = await startTestServer({ env: { CAREBOARD_GRAPHQL_INTROSPECTION: 'on' } });
    const ownToken = await accessToken(own);
    const dev = graphqlClient(own, () => ownToken);
    try {
      const [result] = await take<{ __schema: { types: unknown[] } }>(
        dev,
        '{ __schema { types { name } } }',
        {},
        1,
      ).done;
      expect(result?.__schema.types.length).toBeGreaterThan(5);
    } finally {
      await dev.dispose();
      await own.close();
    }
  });
});

describe('a client that does not read', () => {
  it('is closed by the server once what it holds for it passes the cap, and others are served', async () => {
    const admin = await apiClient(
      server,
      await accessToken(server, { scope: 'access:display-board write:*' }),
    );
    const socket = new WebSocket(graphqlUrl(server), 'graphql-transport-ws');
    let closeCode: number | undefined;
    socket.on('close', (code) => (closeCode = code));
    socket.on('error', () => undefined);
    let received = 0;
    const acked = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        received += 1;
        if (String(data).includes('connection_ack')) resolve();
      }),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
    await acked;
    // Twenty subscriptions to the board's config: each change sends each of them a frame.
    for (let id = 0; id < 20; id++) {
      socket.send(
        JSON.stringify({
          id: String(id),
          type: 'subscribe',
          payload: { query: displayBoardSubscription, variables: { displayBoardId: 1 } },
        }),
      );
    }
    await waitUntil(() => received >= 21, 30_000);

    // From here on the client reads nothing: the kernel's buffers fill, then the server's.
    const tcp = (socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    tcp.pause();
    const overflowed = () => server.logs.some((line) => String(line.msg).includes('does not read'));
    // A busy board: each change sends every subscription a frame. A server that queued
    // for ever would never give up, so the bound on changes is the failure.
    let changes = 0;
    while (!overflowed() && changes < 1_500) {
      const answer = await admin('PATCH', '/display-boards/1', {
        name: `Day Surgery ${changes}`,
        show_badge: changes % 2 === 0,
      });
      expect(answer.status).toBe(200);
      changes += 1;
    }
    expect(overflowed()).toBe(true);
    const line = server.logs.find((entry) => String(entry.msg).includes('does not read'));
    // What the server held when it gave up: the cap (4 MiB or 5,000 frames) plus at most a frame.
    const heldBytes = Number(line?.heldBytes);
    const waitingFrames = Number(line?.waitingFrames);
    expect(heldBytes > 4 * 1024 * 1024 || waitingFrames > 5_000).toBe(true);
    expect(heldBytes).toBeLessThan(5 * 1024 * 1024);
    expect(waitingFrames).toBeLessThanOrEqual(5_001);
    // The client, reading again, sees the close (1008, or 1006 once the grace ran out).
    tcp.resume();
    await waitUntil(() => closeCode !== undefined, 30_000);
    expect([LiveCloseCode.SlowConsumer, 1006]).toContain(closeCode);

    // Others are served as before.
    const other = graphqlClient(server, () => token);
    const query = boardContentSubscription('workflowBoard');
    const [frame] = await take<{ workflowBoard: string }>(other, query, { displayBoardId: 1 }, 1).done;
    expect(JSON.parse(frame?.workflowBoard ?? '{}')).toMatchObject({ kind: 'snapshot' });
    await other.dispose();
  }, 240_000);
});

describe('a socket.io client that does not read', () => {
  it('is dropped by the server once its unsent answers pass the cap', async () => {
    const client: Socket<ServerToClientEvents, ClientToServerEvents> = io(server.config.runtime.SOCKETS_URL, {
      transports: ['websocket'],
      reconnection: false,
      query: { token },
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', reject);
    });
    const engine = client.io.engine as unknown as { transport: { ws: { _socket: { pause(): void } } } };
    engine.transport.ws._socket.pause();
    const dropped = () =>
      server.logs.some((line) => String(line.msg).includes('socket closed: it does not read'));
    // Each action is answered (FORBIDDEN: the token may not post), and the answers are never read.
    const correlation = 'c'.repeat(100);
    let sent = 0;
    while (!dropped() && sent < 300_000) {
      for (let i = 0; i < 500; i++) client.emit('message.post', { correlation_id: correlation, text: 'x' });
      sent += 500;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(dropped()).toBe(true);
    const line = server.logs.find((entry) => String(entry.msg).includes('socket closed: it does not read'));
    expect(Number(line?.unsentPackets)).toBe(1_001);
    client.disconnect();
  }, 240_000);
});
