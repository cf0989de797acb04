import type { ClientToServerEvents, ServerToClientEvents } from '@careboard/contracts';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

// Decision LIVE-16: every socket action requires exactly the scopes its REST
// twin requires (contracts' actionScopes), and a refused one writes nothing.
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let server: TestServer;
let sql: pg.Client;
let visitId: number;
let stationId: number;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  visitId = (
    await sql.query(
      "SELECT id FROM visits WHERE customer_id = 'demo' AND completed_at IS NULL ORDER BY id LIMIT 1",
    )
  ).rows[0].id;
  stationId = (await sql.query("SELECT id FROM stations WHERE customer_id = 'demo' ORDER BY id LIMIT 1"))
    .rows[0].id;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await sql?.end();
  await server?.close();
});

async function connect(scope: string): Promise<Client> {
  const socket: Client = io(server.config.runtime.SOCKETS_URL, {
    transports: ['websocket'],
    reconnection: false,
    query: { token: await accessToken(server, { scope }) },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Emits an action and waits for its success or error event. */
function ask(socket: Client, action: 'patient.call' | 'message.post' | 'device.reload', body: object) {
  return new Promise<{ outcome: 'success' | 'error'; payload: Record<string, unknown> }>((resolve) => {
    socket.once(`${action}.success`, (payload) => resolve({ outcome: 'success', payload: { ...payload } }));
    socket.once(`${action}.error`, (payload) => resolve({ outcome: 'error', payload: { ...payload } }));
    socket.emit(action, { correlation_id: `c-${action}`, ...body } as never);
  });
}

async function writes(): Promise<{ calls: number; messages: number; changes: number }> {
  const count = async (table: string) =>
    Number((await sql.query(`SELECT count(*) AS n FROM ${table} WHERE customer_id = 'demo'`)).rows[0].n);
  return {
    calls: await count('calls'),
    messages: await count('messages'),
    changes: await count('change_log'),
  };
}

describe('socket actions require the scopes of their REST twins', () => {
  it('answers FORBIDDEN, as REST does with 403, to a board-only token, and writes nothing', async () => {
    const before = await writes();
    const socket = await connect('access:display-board');
    expect(await ask(socket, 'patient.call', { visit_id: visitId, station_id: stationId })).toEqual({
      outcome: 'error',
      payload: {
        correlation_id: 'c-patient.call',
        code: 'FORBIDDEN',
        message: expect.any(String),
        params: {},
      },
    });
    expect(await ask(socket, 'message.post', { text: 'Fire drill at noon' })).toMatchObject({
      outcome: 'error',
      payload: { code: 'FORBIDDEN' },
    });
    expect(await ask(socket, 'device.reload', { display_board_id: 1 })).toMatchObject({
      outcome: 'error',
      payload: { code: 'FORBIDDEN' },
    });
    expect(await writes()).toEqual(before);

    const rest = await apiClient(server, await accessToken(server, { scope: 'access:display-board' }));
    expect(await rest('POST', `/visits/${visitId}/calls`, { station_id: stationId })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await rest('POST', '/messages', { text: 'Fire drill at noon' })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
  });

  it('refuses device.reload to a write:patients token (it needs write:*, like editing the board)', async () => {
    const socket = await connect('access:display-board write:patients');
    expect(await ask(socket, 'device.reload', { display_board_id: 1 })).toMatchObject({
      outcome: 'error',
      payload: { code: 'FORBIDDEN' },
    });
  });

  it('runs each action for a token holding its scopes', async () => {
    const before = await writes();
    const staff = await connect('access:display-board write:patients');
    expect(await ask(staff, 'patient.call', { visit_id: visitId, station_id: stationId })).toMatchObject({
      outcome: 'success',
      payload: { result: { call_id: expect.any(Number) } },
    });
    expect(await ask(staff, 'message.post', { text: 'Fire drill at noon' })).toMatchObject({
      outcome: 'success',
      payload: { result: { message_id: expect.any(Number) } },
    });
    const admin = await connect('access:display-board write:*');
    expect(await ask(admin, 'device.reload', { display_board_id: 1 })).toMatchObject({ outcome: 'success' });
    const after = await writes();
    expect(after.calls).toBe(before.calls + 1);
    expect(after.messages).toBe(before.messages + 1);
  });
});
