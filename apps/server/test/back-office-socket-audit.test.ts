import type { ClientToServerEvents, ServerToClientEvents } from '@careboard/contracts';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

/** Socket writes are audited like their REST twins, and the socket's reload reaches screens (BOF-02, BOF-45). */
let server: TestServer;
let sql: pg.Client;
let socket: Socket<ServerToClientEvents, ClientToServerEvents>;

beforeAll(async () => {
  server = await startTestServer({ env: { CAREBOARD_SIMULATOR_RATE: '0' } });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  const token = await accessToken(server, {
    sub: 'desk-nurse-7',
    scope: 'access:display-board write:patients write:*',
  });
  socket = io(server.config.runtime.SOCKETS_URL, {
    transports: ['websocket'],
    reconnection: false,
    query: { token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
});
afterAll(async () => {
  socket?.disconnect();
  await sql?.end();
  await server?.close();
});

function send(event: 'message.post' | 'device.reload', request: Record<string, unknown>) {
  return new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
    socket.once(`${event}.success`, (answer) => resolve(answer.result));
    socket.once(`${event}.error`, (error) => reject(new Error(error.code)));
    socket.emit(event, { correlation_id: `${event}-1`, ...request } as never);
  });
}

describe('socket actions', () => {
  it('leave an audit event naming the person, the record and the socket route', async () => {
    const result = await send('message.post', { text: 'Lunch is served', display_board_id: 1 });
    const admin = await apiClient(server, await accessToken(server, { scope: 'update:customer*' }));
    const log = await admin('GET', `/audit-events?entity=messages&entity_id=${result?.message_id}`);
    expect(log.body).toMatchObject({
      total: 1,
      items: [{ actor: 'desk-nurse-7', actor_kind: 'user', action: 'create', route: 'socket message.post' }],
    });
  });

  it('reload the screens showing the board through their device records', async () => {
    const { rows } = await sql.query(
      "INSERT INTO devices (customer_id, name, display_board_id) VALUES ('demo', 'Lobby', 1), ('demo', 'Other', 2) RETURNING id",
    );
    const result = await send('device.reload', { display_board_id: 1 });
    expect(result).toEqual({ screens: 1 });
    const after = await sql.query(
      'SELECT id, reload_requested_at FROM devices WHERE id = ANY($1) ORDER BY id',
      [rows.map((row) => row.id)],
    );
    expect(after.rows[0].reload_requested_at).toBeInstanceOf(Date);
    expect(after.rows[1].reload_requested_at).toBeNull();
  });
});
