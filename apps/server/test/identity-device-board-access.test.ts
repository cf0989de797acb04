import {
  boardContentSubscription,
  type ClientToServerEvents,
  displayBoardSubscription,
  type ServerToClientEvents,
} from '@careboard/contracts';
import * as oidc from 'openid-client';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/store/database.ts';
import { assignDeviceBoard } from '../src/store/repositories/devices.ts';
import { apiClient } from './api-client.ts';
import { confirmOnPhone, decodePayload, deviceAuthorization, discover } from './identity-helpers.ts';
import { graphqlClient, take, waitUntil } from './live-clients.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

// A screen's token reads only the board its device record
// names, carries no write scope, and follows a reassignment (decision IDN-16).
const DEVICE_CLIENT = 'demo-device';
let server: TestServer;
let db: Db;
let sql: pg.Client;
let token: string;
let deviceId: number;

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase(server.databaseUrl);
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  // A screen opened at /?id=2 (the family board) is activated by an admin on a phone.
  const config = await discover(server, DEVICE_CLIENT);
  const device = await deviceAuthorization(config, server, 2);
  await confirmOnPhone(device.verification_uri_complete ?? '');
  const tokens = await oidc.pollDeviceAuthorizationGrant(config, { ...device, interval: 1 });
  token = tokens.access_token;
  deviceId = Number(decodePayload(token).device_id);
}, 60_000);
afterAll(async () => {
  await sql?.end();
  await db?.destroy();
  await server?.close();
});

type Outcome = { ok: true; value: Record<string, unknown> } | { ok: false; code: unknown };

/** The first answer of a subscription: its value, or the code of the error that ended it. */
async function firstOf(query: string, variables: Record<string, unknown>): Promise<Outcome> {
  const client = graphqlClient(server, () => token);
  try {
    const [value] = await take<Record<string, unknown>>(client, query, variables, 1).done;
    return { ok: true, value: value ?? {} };
  } catch (errors) {
    return { ok: false, code: (errors as { extensions?: { code?: unknown } }[])[0]?.extensions?.code };
  } finally {
    await client.dispose();
  }
}

const board = (id: number) => firstOf(displayBoardSubscription, { displayBoardId: id });
const content = (field: Parameters<typeof boardContentSubscription>[0], id: number) =>
  firstOf(boardContentSubscription(field), { displayBoardId: id, sinceVersion: null });

describe("a screen's token", () => {
  it('is made for the board the screen asked for, with no write scope', async () => {
    expect(Number.isSafeInteger(deviceId)).toBe(true);
    const scopes = String(decodePayload(token).scope).split(' ');
    expect(scopes).toEqual(['access:display-board']);
    const row = await sql.query('SELECT customer_id, display_board_id, grant_id FROM devices WHERE id = $1', [
      deviceId,
    ]);
    expect(row.rows[0]).toMatchObject({ customer_id: 'demo', display_board_id: 2 });
    expect(row.rows[0].grant_id).toBeTruthy();
  });

  it('reads its own board, and no other board of its customer, live or over REST', async () => {
    expect(await board(2)).toMatchObject({ ok: true, value: { displayBoard: { id: 2 } } });
    expect(await content('familyBoard', 2)).toMatchObject({ ok: true });
    expect(await board(1)).toEqual({ ok: false, code: 'ENTITY_NOT_FOUND' });
    expect(await content('workflowBoard', 1)).toEqual({ ok: false, code: 'ENTITY_NOT_FOUND' });
    expect(await content('patientBoard', 3)).toEqual({ ok: false, code: 'ENTITY_NOT_FOUND' });

    const rest = await apiClient(server, token);
    expect(await rest('GET', '/display-boards/2')).toMatchObject({ status: 200, body: { id: 2 } });
    expect(await rest('GET', '/display-boards/1')).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND' },
    });
    const list = await rest('GET', '/display-boards');
    expect((list.body as { id: number }[]).map((entry) => entry.id)).toEqual([2]);
  });

  it('writes nothing: REST answers 403 and the socket FORBIDDEN', async () => {
    const rest = await apiClient(server, token);
    const visit = (await sql.query("SELECT id FROM visits WHERE customer_id = 'demo' LIMIT 1")).rows[0].id;
    const station = (await sql.query("SELECT id FROM stations WHERE customer_id = 'demo' LIMIT 1")).rows[0]
      .id;
    expect(await rest('POST', `/visits/${visit}/calls`, { station_id: station })).toMatchObject({
      status: 403,
    });
    expect(await rest('POST', '/messages', { text: 'hello' })).toMatchObject({ status: 403 });
    expect(await rest('PATCH', '/display-boards/2', { name: 'Mine now' })).toMatchObject({ status: 403 });

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(server.config.runtime.SOCKETS_URL, {
      transports: ['websocket'],
      reconnection: false,
      query: { token },
    });
    try {
      const answer = new Promise((resolve) => socket.once('patient.call.error', resolve));
      socket.emit('patient.call', { correlation_id: 'screen', visit_id: visit, station_id: station });
      expect(await answer).toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      socket.disconnect();
    }
  });

  it('follows its device to another board without re-activation, ending the old board live', async () => {
    // Subscribed to board 2 before the move.
    const client = graphqlClient(server, () => token);
    let ended: unknown;
    const frames: unknown[] = [];
    client.subscribe(
      { query: displayBoardSubscription, variables: { displayBoardId: 2 } },
      { next: (value) => frames.push(value), error: (error) => (ended = error), complete: () => undefined },
    );
    await waitUntil(() => frames.length > 0, 10_000);

    await assignDeviceBoard(db, 'demo', deviceId, 1);
    const rest = await apiClient(server, token);
    // Within the device cache's few seconds, the token reads board 1 and no longer board 2.
    const until = Date.now() + 20_000;
    while ((await rest('GET', '/display-boards/1')).status !== 200 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await rest('GET', '/display-boards/1')).toMatchObject({ status: 200, body: { id: 1 } });
    expect(await rest('GET', '/display-boards/2')).toMatchObject({ status: 404 });
    expect(await board(1)).toMatchObject({ ok: true, value: { displayBoard: { id: 1 } } });
    expect(await content('workflowBoard', 1)).toMatchObject({ ok: true });
    expect(await board(2)).toEqual({ ok: false, code: 'ENTITY_NOT_FOUND' });

    // The next change to board 2 ends the old subscription instead of reaching the screen.
    const admin = await apiClient(
      server,
      await accessToken(server, { scope: 'access:display-board write:*' }),
    );
    expect((await admin('PATCH', '/display-boards/2', { page_rotation_sec: 21 })).status).toBe(200);
    await waitUntil(() => ended !== undefined, 15_000);
    expect(ended).toEqual([expect.objectContaining({ extensions: { code: 'ENTITY_NOT_FOUND' } })]);
    expect(frames).toHaveLength(1);
    await client.dispose();
  }, 60_000);

  it('reads nothing once its device is revoked', async () => {
    await sql.query('UPDATE devices SET revoked_at = now() WHERE id = $1', [deviceId]);
    const rest = await apiClient(server, token);
    const until = Date.now() + 20_000;
    while ((await rest('GET', '/display-boards/1')).status === 200 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await rest('GET', '/display-boards/1')).toMatchObject({ status: 404 });
    // A revoked screen may not even connect live (BOF-46): closed with 4401, after which the
    // board renews its token, and a revoked grant's renewal is refused.
    const closed: number[] = [];
    const client = graphqlClient(
      server,
      () => token,
      (code) => closed.push(code),
    );
    await take(client, displayBoardSubscription, { displayBoardId: 1 }, 1).done.catch(() => undefined);
    expect(closed).toEqual([4401]);
    await client.dispose();
  }, 30_000);
});
