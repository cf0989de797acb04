import type { ClientToServerEvents, ServerToClientEvents } from '@careboard/contracts';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { waitUntil } from './live-clients.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
/** Scopes every socket action needs (contracts' actionScopes), so these tests reach the actions. */
const STAFF = { scope: 'access:display-board write:patients write:*' };
let server: TestServer;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  await client.query(
    "INSERT INTO customers (id, auth_org_id, auth_device_client_id) VALUES ('bravo', 'org_bravo', 'bravo-device')",
  );
  await client.end();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

function connect(token: string | undefined): Client {
  const socket: Client = io(server.config.runtime.SOCKETS_URL, {
    transports: ['websocket'],
    reconnection: false,
    query: token ? { token } : {},
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refused(socket: Client): Promise<string> {
  return new Promise((resolve) => socket.once('connect_error', (error) => resolve(error.message)));
}

describe('socket gateway connections', () => {
  it('refuses a connection without a token, or with a bad one', async () => {
    expect(await refused(connect(undefined))).toBe('Unauthorized');
    expect(await refused(connect('garbage'))).toBe('Unauthorized');
  });

  it('refuses a token without access:display-board', async () => {
    expect(await refused(connect(await accessToken(server, { scope: 'read:sites' })))).toBe('Forbidden');
  });

  it("ends a connection renewed with another customer's token", async () => {
    const socket = connect(await accessToken(server));
    await connected(socket);
    const rejected = new Promise((resolve) => socket.once('token.rejected', resolve));
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.emit('refreshToken', await accessToken(server, { org_id: 'org_bravo' }));
    expect(await rejected).toMatchObject({ message: 'Forbidden' });
    await gone;
  });

  it('keeps a connection renewed with a token of the same customer', async () => {
    const socket = connect(await accessToken(server, STAFF));
    await connected(socket);
    socket.emit('refreshToken', await accessToken(server, { ...STAFF, sub: 'renewed' }));
    const answer = new Promise((resolve) => socket.once('device.reload.error', resolve));
    socket.emit('device.reload', { correlation_id: 'still-here', display_board_id: 424242 });
    expect(await answer).toMatchObject({ correlation_id: 'still-here' });
    expect(socket.connected).toBe(true);
  });
});

describe('socket actions', () => {
  it('answers an action with <action>.error carrying the correlation_id and a catalogue code', async () => {
    const socket = connect(await accessToken(server, STAFF));
    await connected(socket);
    const answer = new Promise((resolve) => socket.once('device.reload.error', resolve));
    socket.emit('device.reload', { correlation_id: 'c-1', display_board_id: 424242 });
    expect(await answer).toEqual({
      correlation_id: 'c-1',
      code: 'ENTITY_NOT_FOUND',
      message: 'Display board with id 424242 was not found.',
      // The text's params too, so a client can say it in its own locale.
      params: { entity: 'Display board', id: 424242 },
    });
  });

  it('answers a request without a correlation_id, or with wrong types, with an error, not a crash', async () => {
    const socket = connect(await accessToken(server, STAFF));
    await connected(socket);
    const missing = new Promise((resolve) => socket.once('patient.call.error', resolve));
    socket.emit('patient.call', { visit_id: 1, station_id: 1 } as never);
    expect(await missing).toMatchObject({
      code: 'IS_REQUIRED',
      message: 'correlation_id is required value.',
    });
    const wrong = new Promise((resolve) => socket.once('patient.call.error', resolve));
    socket.emit('patient.call', { correlation_id: 'c-2', visit_id: 'one', station_id: null } as never);
    expect(await wrong).toMatchObject({ correlation_id: 'c-2', code: 'IS_NOT_VALID' });
    const garbage = new Promise((resolve) => socket.once('message.post.error', resolve));
    socket.emit('message.post', 'not an object' as never);
    expect(await garbage).toMatchObject({ code: 'IS_REQUIRED' });
  });

  it('survives garbage frames from one client while serving another', async () => {
    const good = connect(await accessToken(server, STAFF));
    await connected(good);
    const raw = new WebSocket(
      `${server.config.runtime.GRAPHQL_URL.replace('/graphql', '')}/socket.io/?EIO=4&transport=websocket`,
    );
    await new Promise((resolve) => raw.once('open', resolve));
    const rawClosed = new Promise((resolve) => raw.once('close', resolve));
    raw.send('40{"token":');
    raw.send('\u0000\u0001garbage');
    raw.send('42["device.reload", {"correlation_id": 1}');
    await rawClosed;
    const answer = new Promise((resolve) => good.once('device.reload.error', resolve));
    good.emit('device.reload', { correlation_id: 'after-garbage', display_board_id: 424242 });
    expect(await answer).toMatchObject({ correlation_id: 'after-garbage' });
  });
});

describe('shutdown', () => {
  it('tells connected clients to go (they reconnect)', async () => {
    const own = await startTestServer();
    const socket: Client = io(own.config.runtime.SOCKETS_URL, {
      transports: ['websocket'],
      reconnection: false,
      query: { token: await accessToken(own) },
    });
    sockets.push(socket);
    await connected(socket);
    let reason = '';
    socket.once('disconnect', (why) => (reason = why));
    await own.close();
    await waitUntil(() => reason !== '');
    expect(['io server disconnect', 'transport close']).toContain(reason);
  });
});
