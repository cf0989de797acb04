import type { ClientToServerEvents, ServerToClientEvents } from '@careboard/contracts';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const ADMIN_SCOPE = 'access:display-board write:patients write:* read:*';
let server: TestServer;
let admin: Awaited<ReturnType<typeof apiClient>>;
let sql: pg.Client;
let departmentId: number;
let workflowId: number;
let boardId: number;

beforeAll(async () => {
  server = await startTestServer();
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  admin = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE }));
  const one = async (query: string) => (await sql.query(query)).rows[0];
  departmentId = (await one("SELECT id FROM departments WHERE customer_id = 'demo' ORDER BY id LIMIT 1")).id;
  workflowId = (await one("SELECT id FROM workflows WHERE customer_id = 'demo' ORDER BY id LIMIT 1")).id;
  boardId = (await one("SELECT id FROM display_boards WHERE customer_id = 'demo' ORDER BY id LIMIT 1")).id;
});
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

/** What PostgreSQL cannot store: a NUL, and UTF-16 surrogates without their pair. */
const BAD_TEXT = [
  ['a NUL', 'Lob\u0000by'],
  ['a lone high surrogate', 'Lob\uD800by'],
  ['a lone low surrogate', 'Lob\uDC00by'],
] as const;

const columns = (label: string) => ({ columns: [{ key: 'display_name', label }] });

/** Each string field the REST API stores, as [name, method, path, body with the value, field, table]. */
const FIELDS: readonly [string, string, () => string, (text: string) => unknown, string, string][] = [
  [
    'board name (create)',
    'POST',
    () => '/display-boards',
    (text) => ({ name: text, display_board_type_id: 2, department_id: departmentId }),
    'name',
    'display_boards',
  ],
  [
    'announcement template (create)',
    'POST',
    () => '/display-boards',
    (text) => ({
      name: 'Lobby',
      display_board_type_id: 3,
      department_id: departmentId,
      announcement_template: text,
    }),
    'announcement_template',
    'display_boards',
  ],
  [
    'column label (create)',
    'POST',
    () => '/display-boards',
    (text) => ({
      name: 'Lobby',
      display_board_type_id: 1,
      department_id: departmentId,
      table_configuration: columns(text),
    }),
    'table_configuration.columns.0.label',
    'display_boards',
  ],
  [
    'board name (change)',
    'PATCH',
    () => `/display-boards/${boardId}`,
    (text) => ({ name: text }),
    'name',
    'display_boards',
  ],
  [
    'announcement template (change)',
    'PATCH',
    () => `/display-boards/${boardId}`,
    (text) => ({ announcement_template: text }),
    'announcement_template',
    'display_boards',
  ],
  [
    'column label (change)',
    'PATCH',
    () => `/display-boards/${boardId}`,
    (text) => ({ table_configuration: columns(text) }),
    'table_configuration.columns.0.label',
    'display_boards',
  ],
  [
    'first name',
    'POST',
    () => '/visits',
    (text) => ({ first_name: text, last_name: 'Smith', workflow_id: workflowId }),
    'first_name',
    'visits',
  ],
  [
    'last name',
    'POST',
    () => '/visits',
    (text) => ({ first_name: 'Ann', last_name: text, workflow_id: workflowId }),
    'last_name',
    'visits',
  ],
  [
    'family code',
    'POST',
    () => '/visits',
    (text) => ({ first_name: 'Ann', last_name: 'Smith', workflow_id: workflowId, family_code: `AB${text}` }),
    'family_code',
    'visits',
  ],
  ['message text', 'POST', () => '/messages', (text) => ({ text }), 'text', 'messages'],
  [
    'message text to a board',
    'POST',
    () => '/messages',
    (text) => ({ text, display_board_id: boardId }),
    'text',
    'messages',
  ],
  [
    'client error message',
    'POST',
    () => '/client-errors',
    (text) => ({ message: text }),
    'message',
    'messages',
  ],
  [
    'client error stack',
    'POST',
    () => '/client-errors',
    (text) => ({ message: 'boom', stack: text }),
    'stack',
    'messages',
  ],
];

const count = async (table: string) =>
  Number((await sql.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const boardRow = async () =>
  JSON.stringify((await sql.query('SELECT * FROM display_boards WHERE id = $1', [boardId])).rows[0]);

describe('text a database cannot store, through REST (FND-26)', () => {
  for (const [what, bad] of BAD_TEXT) {
    it.each(FIELDS)(
      `refuses ${what} in the %s with 400 IS_NOT_VALID naming the field`,
      async (_name, method, path, body, field, table) => {
        const before = { rows: await count(table), board: await boardRow(), logs: server.logs.length };
        const answer: ApiAnswer = await admin(method, path(), body(bad));
        expect(answer).toMatchObject({ status: 400, body: { code: 'IS_NOT_VALID', params: { field } } });
        expect(await count(table)).toBe(before.rows);
        expect(await boardRow()).toBe(before.board);
        const logged = server.logs.slice(before.logs);
        expect(
          logged.filter((line) => Number(line.level) >= 50 || JSON.stringify(line).includes('"stack":"')),
        ).toEqual([]);
      },
    );
  }

  it('parses the JSON escape \\u0000 itself (the refusal is the field, not the body)', async () => {
    const answer = await admin('POST', '/messages', undefined, '{"text":"a\\u0000b"}');
    expect(answer).toMatchObject({ status: 400, body: { code: 'IS_NOT_VALID', params: { field: 'text' } } });
  });

  it('still takes text with paired surrogates (an emoji) and other control characters', async () => {
    const answer = await admin('POST', '/messages', {
      text: 'Welcome \u{1F44B}\ttab',
      display_board_id: boardId,
    });
    expect(answer.status).toBe(201);
  });
});

describe('text a database cannot store, through the socket twin', () => {
  type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
  let socket: Client;
  beforeAll(async () => {
    socket = io(server.config.runtime.SOCKETS_URL, {
      transports: ['websocket'],
      reconnection: false,
      query: { token: await accessToken(server, { scope: ADMIN_SCOPE }) },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(() => {
    socket?.disconnect();
  });

  it.each(BAD_TEXT)(
    'answers message.post with %s as message.post.error IS_NOT_VALID, writing nothing',
    async (_what, bad) => {
      const before = await count('messages');
      const logsBefore = server.logs.length;
      const answer = new Promise((resolve) => {
        socket.once('message.post.error', resolve);
        socket.once('message.post.success', resolve);
      });
      socket.emit('message.post', { correlation_id: 'bad-text', text: bad, display_board_id: boardId });
      expect(await answer).toMatchObject({
        correlation_id: 'bad-text',
        code: 'IS_NOT_VALID',
        message: expect.stringContaining('text'),
      });
      expect(await count('messages')).toBe(before);
      expect(server.logs.slice(logsBefore).filter((line) => Number(line.level) >= 50)).toEqual([]);
    },
  );
});
