import { type ErrorCode, errorCatalogue } from '@careboard/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

/**
 * Each of the specification's 14 server error codes (FND-07, FND-08), produced by a real HTTP
 * request against the back office, with its status, code and text word for word.
 */
const ADMIN_SCOPES =
  'access:display-board access:mm write:patients write:* read:* read:sites read:departments read:stations read:staff read:tags read:kiosks read:patients read:securable update:customer*';

let server: TestServer;
let sql: pg.Client;
let admin: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
let staff: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
const seen = new Set<string>();

beforeAll(async () => {
  server = await startTestServer({ env: { CAREBOARD_SIMULATOR_RATE: '0' } });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  const account = async (email: string) =>
    (await sql.query('SELECT id FROM accounts WHERE email = $1', [email])).rows[0].id as string;
  admin = await apiClient(
    server,
    await accessToken(server, { sub: await account('admin@demo.test'), scope: ADMIN_SCOPES }),
  );
  staff = await apiClient(
    server,
    await accessToken(server, {
      sub: await account('staff@demo.test'),
      scope: 'read:* write:* write:patients',
    }),
  );
});
afterAll(async () => {
  await sql?.end();
  await server?.close();
  // The whole catalogue of the specification was reached.
  expect([...seen].sort()).toEqual(SPEC_CODES.toSorted());
});

const SPEC_CODES: readonly ErrorCode[] = [
  'DUPLICATE_KEY',
  'ENTITY_NOT_FOUND',
  'NO_MASTER_ENTITY_FOUND',
  'TAG_IS_IN_USE',
  'SENSOR_IS_IN_USE',
  'ASSET_TYPE_IS_IN_USE',
  'IS_NOT_VALID',
  'IS_REQUIRED',
  'MAX_LENGTH',
  'USER_LEVEL_IS_NOT_VALID',
  'WORKFLOW_HAS_ACTIVE_PATIENTS',
  'TAG_IS_NON_REPORTING',
  'TAG_HAS_LOW_BATTERY',
  'AUTH0_API_USER_CREATE_CONFLICT',
];

/** The answer is the catalogue's error: its status, code and exact text. */
function expectError(answer: ApiAnswer, code: ErrorCode, text: string): void {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code, message: text });
  expect(answer.status).toBe(errorCatalogue[code].status);
  seen.add(code);
}

async function created(answer: Promise<ApiAnswer>): Promise<{ id: number } & Record<string, unknown>> {
  const settled = await answer;
  expect(settled.status, JSON.stringify(settled.body)).toBe(201);
  return settled.body as { id: number } & Record<string, unknown>;
}

describe('the specification’s error codes through the back office', () => {
  it('DUPLICATE_KEY: a site name used twice, and PAR levels given twice', async () => {
    await created(admin('POST', '/sites', { name: 'North Campus', default_timezone: 'UTC' }));
    expectError(
      await admin('POST', '/sites', { name: 'North Campus', default_timezone: 'UTC' }),
      'DUPLICATE_KEY',
      'Site with name "North Campus" already exists.',
    );
    const location = await created(admin('POST', '/locations', { name: 'Supply 9', kind: 'storage' }));
    const type = await created(admin('POST', '/asset-types', { name: 'Doppler Probe' }));
    const level = { asset_type_id: type.id, min: 1, max: 2 };
    expectError(
      await admin('PUT', `/locations/${location.id}/par-levels`, { levels: [level, level] }),
      'DUPLICATE_KEY',
      'These PAR levels already exists.',
    );
  });

  it('ENTITY_NOT_FOUND and NO_MASTER_ENTITY_FOUND', async () => {
    expectError(
      await admin('GET', '/sites/999999'),
      'ENTITY_NOT_FOUND',
      'Site with id 999999 was not found.',
    );
    expectError(
      await admin('POST', '/departments', { site_id: 999999, name: 'Nowhere' }),
      'NO_MASTER_ENTITY_FOUND',
      'Site with site_id "999999" not found.',
    );
  });

  it('IS_NOT_VALID, IS_REQUIRED and MAX_LENGTH', async () => {
    expectError(
      await admin('POST', '/sites', { name: 'Bad Zone', default_timezone: 'Mars/Olympus' }),
      'IS_NOT_VALID',
      'default_timezone is not valid.',
    );
    expectError(
      await admin('POST', '/sites', { default_timezone: 'UTC' }),
      'IS_REQUIRED',
      'name is required value.',
    );
    expectError(
      await admin('POST', '/asset-types', { name: 'x'.repeat(500) }),
      'MAX_LENGTH',
      expect.stringMatching(/^name exceeds \d+ characters\.$/) as unknown as string,
    );
  });

  it('TAG_IS_IN_USE for a badge and for a tag', async () => {
    const workflow = (
      await sql.query("SELECT id FROM workflows WHERE customer_id = 'demo' ORDER BY id LIMIT 1")
    ).rows[0].id;
    const badge = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'ERR-B1' }));
    await sql.query('UPDATE tags SET last_seen_at = now(), battery_low = false WHERE id = $1', [badge.id]);
    await created(
      admin('POST', '/visits', {
        first_name: 'Ana',
        last_name: 'Ruiz',
        workflow_id: workflow,
        badge_id: badge.badge_id,
      }),
    );
    expectError(
      await admin('POST', '/visits', {
        first_name: 'Ben',
        last_name: 'Ode',
        workflow_id: workflow,
        badge_id: badge.badge_id,
      }),
      'TAG_IS_IN_USE',
      'This Badge is currently in use.',
    );
    const type = await created(admin('POST', '/asset-types', { name: 'Feeding Pump' }));
    const tag = await created(admin('POST', '/tags', { kind: 'asset_tag', label: 'ERR-A1' }));
    await created(
      admin('POST', '/assets', { name: 'Feeding Pump 1', asset_type_id: type.id, tag_id: tag.id }),
    );
    expectError(
      await admin('POST', '/assets', { name: 'Feeding Pump 2', asset_type_id: type.id, tag_id: tag.id }),
      'TAG_IS_IN_USE',
      'This Tag is currently in use.',
    );
  });

  it('SENSOR_IS_IN_USE names the location the sensor is in', async () => {
    const first = await created(admin('POST', '/locations', { name: 'Exam 41', kind: 'exam_room' }));
    const second = await created(admin('POST', '/locations', { name: 'Exam 42', kind: 'exam_room' }));
    await created(admin('POST', '/sensors', { identifier: 'IR-4100', name: 'Door', location_id: first.id }));
    expectError(
      await admin('POST', '/sensors', { identifier: 'IR-4100', name: 'Door', location_id: second.id }),
      'SENSOR_IS_IN_USE',
      'Sensor IR-4100 already exists in Exam 41.',
    );
  });

  it('ASSET_TYPE_IS_IN_USE for a type that has assets', async () => {
    const type = await created(admin('POST', '/asset-types', { name: 'Vein Finder' }));
    await created(admin('POST', '/assets', { name: 'Vein Finder 1', asset_type_id: type.id }));
    expectError(
      await admin('DELETE', `/asset-types/${type.id}`),
      'ASSET_TYPE_IS_IN_USE',
      "Can't complete action: Asset type is in use.",
    );
  });

  it('WORKFLOW_HAS_ACTIVE_PATIENTS for a workflow with visits in progress', async () => {
    const department = (
      await sql.query("SELECT id FROM departments WHERE customer_id = 'demo' ORDER BY id LIMIT 1")
    ).rows[0].id;
    const workflow = await created(
      admin('POST', '/workflows', { department_id: department, name: 'Infusion' }),
    );
    await created(
      admin('POST', `/workflows/${workflow.id}/phases`, {
        name: 'Chair',
        color: '#336699',
        kind: 'procedure',
      }),
    );
    await created(admin('POST', '/visits', { first_name: 'Cy', last_name: 'Lo', workflow_id: workflow.id }));
    expectError(
      await admin('DELETE', `/workflows/${workflow.id}`),
      'WORKFLOW_HAS_ACTIVE_PATIENTS',
      'Action can’t be completed due to active patients in the workflow.',
    );
  });

  it('TAG_IS_NON_REPORTING and TAG_HAS_LOW_BATTERY when a visit is badged', async () => {
    const workflow = (
      await sql.query("SELECT id FROM workflows WHERE customer_id = 'demo' ORDER BY id LIMIT 1")
    ).rows[0].id;
    const silent = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'ERR-B2' }));
    await sql.query("UPDATE tags SET last_seen_at = now() - interval '1 hour' WHERE id = $1", [silent.id]);
    expectError(
      await admin('POST', '/visits', {
        first_name: 'Di',
        last_name: 'Ng',
        workflow_id: workflow,
        badge_id: silent.badge_id,
      }),
      'TAG_IS_NON_REPORTING',
      'This Tag is non-reporting. Please select a different one.',
    );
    const weak = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'ERR-B3' }));
    await sql.query('UPDATE tags SET last_seen_at = now(), battery_low = true WHERE id = $1', [weak.id]);
    expectError(
      await admin('POST', '/visits', {
        first_name: 'Ed',
        last_name: 'Po',
        workflow_id: workflow,
        badge_id: weak.badge_id,
      }),
      'TAG_HAS_LOW_BATTERY',
      'This Tag has a low battery. Please select a different one.',
    );
  });

  it('USER_LEVEL_IS_NOT_VALID for staff making an admin; AUTH0_API_USER_CREATE_CONFLICT for a taken email', async () => {
    expectError(
      await staff('POST', '/users', { email: 'boss2@demo.test', name: 'Boss', role: 'admin' }),
      'USER_LEVEL_IS_NOT_VALID',
      'You do not have permissions to set this user level',
    );
    expectError(
      await admin('POST', '/users', { email: 'STAFF@demo.test', name: 'Again', role: 'staff' }),
      'AUTH0_API_USER_CREATE_CONFLICT',
      'Email is already in use.',
    );
  });
});
