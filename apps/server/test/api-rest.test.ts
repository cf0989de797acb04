import { displayBoardConfigSchema } from '@careboard/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { startWithSecondCustomer } from './second-customer.ts';
import type { TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const ADMIN_SCOPE = 'access:display-board write:patients write:* read:*';
let server: TestServer;
let admin: Awaited<ReturnType<typeof apiClient>>;
let bravo: Awaited<ReturnType<typeof apiClient>>;
let sql: pg.Client;
let visitId: number;
let locationId: number;
let assetTypeIds: number[];

beforeAll(async () => {
  ({ server, sql } = await startWithSecondCustomer());
  admin = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE }));
  bravo = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE, org_id: 'org_bravo' }));
  visitId = (
    await sql.query(
      "SELECT id FROM visits WHERE customer_id = 'demo' AND completed_at IS NULL ORDER BY id LIMIT 1",
    )
  ).rows[0].id;
  locationId = (
    await sql.query("SELECT location_id FROM par_levels WHERE customer_id = 'demo' ORDER BY id LIMIT 1")
  ).rows[0].location_id;
  assetTypeIds = (
    await sql.query("SELECT id FROM asset_types WHERE customer_id = 'demo' ORDER BY id")
  ).rows.map((row) => row.id);
});
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

const codeOf = (answer: ApiAnswer) => (answer.body as { code?: string }).code;

describe('display boards', () => {
  it("answers GET /display-boards/1 with the workflow board's config", async () => {
    const answer = await admin('GET', '/display-boards/1');
    expect(answer.status).toBe(200);
    const config = displayBoardConfigSchema.parse(answer.body);
    expect(config).toMatchObject({ id: 1, display_board_type_id: 1 });
  });

  it('needs access:display-board to read a board', async () => {
    const visitor = await apiClient(server, await accessToken(server, { scope: 'read:sites' }));
    expect(await visitor('GET', '/display-boards/1')).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
  });

  it('creates, changes and deletes a board', async () => {
    const department = (await sql.query("SELECT id FROM departments WHERE customer_id = 'demo' LIMIT 1"))
      .rows[0].id;
    const created = await admin('POST', '/display-boards', {
      name: 'Lobby',
      display_board_type_id: 2,
      department_id: department,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    expect(await admin('PATCH', `/display-boards/${id}`, { name: 'Lobby east' })).toMatchObject({
      status: 200,
      body: { name: 'Lobby east' },
    });
    expect((await admin('DELETE', `/display-boards/${id}`)).status).toBe(204);
    expect(await admin('GET', `/display-boards/${id}`)).toMatchObject({ status: 404 });
  });
});

describe('every error code through the API', () => {
  it('ENTITY_NOT_FOUND', async () => {
    expect(await admin('GET', '/display-boards/999999')).toEqual({
      status: 404,
      body: {
        code: 'ENTITY_NOT_FOUND',
        params: { entity: 'Display board', id: 999999 },
        message: 'Display board with id 999999 was not found.',
      },
    });
  });

  it('NO_MASTER_ENTITY_FOUND', async () => {
    const answer = await admin('POST', `/visits/${visitId}/calls`, { station_id: 999999 });
    expect(answer).toMatchObject({
      status: 422,
      body: { code: 'NO_MASTER_ENTITY_FOUND', message: 'Station with station_id "999999" not found.' },
    });
  });

  it('DUPLICATE_KEY, with the PAR-level text', async () => {
    const type = assetTypeIds[0];
    const answer = await admin('PUT', `/locations/${locationId}/par-levels`, {
      levels: [
        { asset_type_id: type, min: 1, max: 2 },
        { asset_type_id: type, min: 3, max: 4 },
      ],
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { code: 'DUPLICATE_KEY', message: 'These PAR levels already exists.' },
    });
  });

  it('IS_REQUIRED', async () => {
    expect(await admin('POST', '/messages', {})).toMatchObject({
      status: 400,
      body: { code: 'IS_REQUIRED', message: 'text is required value.' },
    });
  });

  it('IS_NOT_VALID', async () => {
    expect(await admin('GET', '/display-boards/abc')).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'id' } },
    });
    expect(await admin('POST', '/messages', { text: 'hi', colour: 'red' })).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'colour' } },
    });
    expect(await admin('POST', `/visits/${visitId}/phase`, { phase_id: 'two' })).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'phase_id' } },
    });
  });

  it('MAX_LENGTH', async () => {
    expect(await admin('POST', '/messages', { text: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      body: {
        code: 'MAX_LENGTH',
        params: { field: 'text', limit: 500 },
        message: 'text exceeds 500 characters.',
      },
    });
  });
});

describe('a failed multi-row write', () => {
  it('leaves the old PAR levels and no change behind', async () => {
    const before = (
      await sql.query(
        'SELECT asset_type_id, min, max FROM par_levels WHERE location_id = $1 ORDER BY asset_type_id',
        [locationId],
      )
    ).rows;
    const changesBefore = (
      await sql.query("SELECT count(*)::int AS n FROM change_log WHERE customer_id = 'demo'")
    ).rows[0].n;
    const answer = await admin('PUT', `/locations/${locationId}/par-levels`, {
      levels: [
        { asset_type_id: assetTypeIds[0], min: 0, max: 9 },
        { asset_type_id: assetTypeIds[1], min: 0, max: 9 },
        { asset_type_id: 999999, min: 0, max: 9 },
      ],
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    const after = (
      await sql.query(
        'SELECT asset_type_id, min, max FROM par_levels WHERE location_id = $1 ORDER BY asset_type_id',
        [locationId],
      )
    ).rows;
    expect(after).toEqual(before);
    expect(
      (await sql.query("SELECT count(*)::int AS n FROM change_log WHERE customer_id = 'demo'")).rows[0].n,
    ).toBe(changesBefore);
  });
});

describe("isolation: customer B's token never touches customer A's rows", () => {
  it('reads and lists nothing of A', async () => {
    expect(await bravo('GET', '/display-boards')).toEqual({ status: 200, body: [] });
    expect(await bravo('GET', '/display-boards/1')).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND' },
    });
  });

  it('writes nothing of A', async () => {
    const boardBefore = (await sql.query('SELECT name FROM display_boards WHERE id = 1')).rows[0].name;
    expect((await bravo('PATCH', '/display-boards/1', { name: 'hijacked' })).status).toBe(404);
    expect((await bravo('DELETE', '/display-boards/1')).status).toBe(404);
    expect((await sql.query('SELECT name FROM display_boards WHERE id = 1')).rows[0].name).toBe(boardBefore);

    const visitBefore = (await sql.query('SELECT phase_id, station_id FROM visits WHERE id = $1', [visitId]))
      .rows[0];
    expect((await bravo('POST', `/visits/${visitId}/phase`, { phase_id: visitBefore.phase_id })).status).toBe(
      404,
    );
    expect((await bravo('POST', `/visits/${visitId}/complete`)).status).toBe(404);
    expect((await bravo('PUT', `/locations/${locationId}/par-levels`, { levels: [] })).status).toBe(404);
    expect(
      (await sql.query('SELECT phase_id, station_id, completed_at FROM visits WHERE id = $1', [visitId]))
        .rows[0],
    ).toMatchObject({ ...visitBefore, completed_at: null });
    expect(
      (await sql.query('SELECT count(*)::int AS n FROM par_levels WHERE location_id = $1', [locationId]))
        .rows[0].n,
    ).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  it.each([
    ['a malformed id', 'GET', '/display-boards/1e3'],
    ['a negative id', 'GET', '/display-boards/-1'],
    ['an id beyond 32 bits', 'GET', '/display-boards/99999999999'],
    ['a wrong type', 'POST', `/visits/1/calls`, { station_id: true }],
    ['an unknown field', 'PATCH', '/display-boards/1', { owner: 'me' }],
    [
      'a table_configuration of the wrong shape',
      'PATCH',
      '/display-boards/1',
      { table_configuration: { columns: [{ key: 'ssn' }] } },
    ],
    ['null where a list goes', 'PUT', '/locations/1/par-levels', { levels: null }],
  ])('answers %s with a catalogue 4xx', async (_name, method, path, body?: unknown) => {
    const answer = await admin(method, path, body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(['IS_NOT_VALID', 'IS_REQUIRED', 'MAX_LENGTH']).toContain(codeOf(answer));
  });

  it('answers an oversized body with 413 and malformed JSON with 400', async () => {
    expect(
      await admin('POST', '/messages', undefined, JSON.stringify({ text: 'x'.repeat(70_000) })),
    ).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(await admin('POST', '/messages', undefined, '{"text":')).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID' },
    });
  });

  it('never answered 500 nor crashed', async () => {
    expect((await fetch(`${server.baseUrl}/ready`)).status).toBe(200);
    expect(
      server.logs.filter((line) => Number(line.status) >= 500 || line.msg === 'unexpected error'),
    ).toEqual([]);
  });
});
