/**
 * The care setting's REST resources (decisions BOF-06 to BOF-14): sites, departments, workflows
 * and their ordered phases, locations, stations, staff and staff types, against a real server.
 * Customer `bravo` starts empty, so its lists are exact; the demo customer is "another customer"
 * and holds the visits in progress and boards.
 */
import {
  boardContentSubscription,
  type DisplayBoardConfig,
  displayBoardConfigSchema,
  displayBoardSubscription,
} from '@careboard/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { graphqlClient, waitUntil } from './live-clients.ts';
import { startWithSecondCustomer } from './second-customer.ts';
import type { TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const SCOPE =
  'access:display-board read:sites read:departments read:stations read:staff read:patients write:* write:patients';
type Api = Awaited<ReturnType<typeof apiClient>>;

let server: TestServer;
let sql: pg.Client;
let demo: Api;
let bravo: Api;
let demoToken: string;

beforeAll(async () => {
  ({ server, sql } = await startWithSecondCustomer());
  demoToken = await accessToken(server, { scope: SCOPE, sub: 'demo-admin' });
  demo = await apiClient(server, demoToken);
  bravo = await apiClient(
    server,
    await accessToken(server, { scope: SCOPE, org_id: 'org_bravo', sub: 'bravo-admin' }),
  );
});
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

const bodyOf = <T = Record<string, unknown>>(answer: ApiAnswer) => answer.body as T;
const idOf = (answer: ApiAnswer) => bodyOf<{ id: number }>(answer).id;

async function created(
  api: Api,
  path: string,
  body: unknown,
): Promise<Record<string, unknown> & { id: number }> {
  const answer = await api('POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Record<string, unknown> & { id: number };
}

async function firstId(query: string, params: unknown[] = []): Promise<number> {
  const { rows } = await sql.query(query, params);
  return rows[0].id as number;
}

async function changesSince(
  version: string,
): Promise<{ entity: string; entity_id: number; board_ids: number[] | null }[]> {
  const { rows } = await sql.query(
    "SELECT entity, entity_id, board_ids FROM change_log WHERE customer_id = 'demo' AND version > $1 ORDER BY version",
    [version],
  );
  return rows;
}

async function demoVersion(): Promise<string> {
  const { rows } = await sql.query(
    "SELECT coalesce(max(version), 0)::text AS v FROM change_log WHERE customer_id = 'demo'",
  );
  return rows[0].v as string;
}

describe('sites', () => {
  it('creates, reads, lists by name, updates and deletes a site', async () => {
    const north = await created(bravo, '/sites', {
      name: 'North Campus',
      default_timezone: 'america/chicago',
    });
    expect(north).toEqual({ id: north.id, name: 'North Campus', default_timezone: 'America/Chicago' });
    const annex = await created(bravo, '/sites', { name: 'Annex', default_timezone: 'Europe/Oslo' });
    expect(await bravo('GET', `/sites/${north.id}`)).toEqual({ status: 200, body: north });
    expect(await bravo('GET', '/sites')).toEqual({
      status: 200,
      body: { items: [annex, north], total: 2, limit: 50, offset: 0 },
    });
    expect(bodyOf(await bravo('GET', '/sites?limit=1&offset=1'))).toEqual({
      items: [north],
      total: 2,
      limit: 1,
      offset: 1,
    });
    expect(await bravo('PATCH', `/sites/${annex.id}`, { name: 'West Annex' })).toEqual({
      status: 200,
      body: { ...annex, name: 'West Annex' },
    });
    expect((await bravo('DELETE', `/sites/${annex.id}`)).status).toBe(204);
    expect(await bravo('GET', `/sites/${annex.id}`)).toMatchObject({ status: 404 });
    expect(bodyOf(await bravo('GET', '/sites')).total).toBe(1);
  });

  it('refuses a time zone that is not an IANA zone', async () => {
    for (const zone of ['Mars/Olympus', '+05:00', 'New York']) {
      const answer = await bravo('POST', '/sites', { name: `Zone ${zone}`, default_timezone: zone });
      expect(answer, zone).toEqual({
        status: 400,
        body: {
          code: 'IS_NOT_VALID',
          params: { field: 'default_timezone' },
          message: 'default_timezone is not valid.',
        },
      });
    }
  });

  it('answers DUPLICATE_KEY for a repeated name', async () => {
    expect(await bravo('POST', '/sites', { name: 'North Campus', default_timezone: 'UTC' })).toEqual({
      status: 409,
      body: {
        code: 'DUPLICATE_KEY',
        params: { entity: 'Site', field: 'name', value: 'North Campus' },
        message: 'Site with name "North Campus" already exists.',
      },
    });
  });

  it('refuses to delete a site that has departments (BOF-14), with a 4xx', async () => {
    const site = await created(bravo, '/sites', { name: 'Busy Site', default_timezone: 'UTC' });
    const department = await created(bravo, '/departments', { site_id: site.id, name: 'Radiology' });
    expect(await bravo('DELETE', `/sites/${site.id}`)).toEqual({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'id' }, message: 'id is not valid.' },
    });
    expect((await bravo('DELETE', `/departments/${department.id}`)).status).toBe(204);
    expect((await bravo('DELETE', `/sites/${site.id}`)).status).toBe(204);
  });
});

describe('departments and workflows', () => {
  let siteA: number;
  let siteB: number;

  beforeAll(async () => {
    siteA = (await created(bravo, '/sites', { name: 'Site A', default_timezone: 'UTC' })).id;
    siteB = (await created(bravo, '/sites', { name: 'Site B', default_timezone: 'UTC' })).id;
  });

  it('lists departments filtered by site, in name order', async () => {
    const surgery = await created(bravo, '/departments', { site_id: siteA, name: 'Surgery' });
    const clinic = await created(bravo, '/departments', { site_id: siteA, name: 'Clinic' });
    const other = await created(bravo, '/departments', { site_id: siteB, name: 'Clinic' });
    expect(bodyOf(await bravo('GET', `/departments?site_id=${siteA}`))).toEqual({
      items: [clinic, surgery],
      total: 2,
      limit: 50,
      offset: 0,
    });
    expect(bodyOf(await bravo('GET', `/departments?site_id=${siteB}`)).items).toEqual([other]);
    expect(await bravo('PATCH', `/departments/${other.id}`, { name: 'Walk-in' })).toMatchObject({
      status: 200,
      body: { id: other.id, site_id: siteB, name: 'Walk-in' },
    });
    expect(await bravo('POST', '/departments', { site_id: siteA, name: 'Clinic' })).toMatchObject({
      status: 409,
      body: { code: 'DUPLICATE_KEY', message: 'Department with name "Clinic" already exists.' },
    });
  });

  it('creates, filters, updates and deletes workflows', async () => {
    const [surgery, clinic] = bodyOf<{ items: { id: number; name: string }[] }>(
      await bravo('GET', `/departments?site_id=${siteA}`),
    ).items.sort((a, b) => (a.name === 'Surgery' ? -1 : b.name === 'Surgery' ? 1 : 0));
    const day = await created(bravo, '/workflows', { department_id: surgery?.id, name: 'Day Surgery' });
    const walkIn = await created(bravo, '/workflows', { department_id: clinic?.id, name: 'Walk-in' });
    expect(day).toEqual({ id: day.id, department_id: surgery?.id, name: 'Day Surgery' });
    expect(bodyOf(await bravo('GET', `/workflows?department_id=${clinic?.id}`)).items).toEqual([walkIn]);
    expect(bodyOf(await bravo('GET', '/workflows')).total).toBe(2);
    expect(await bravo('GET', `/workflows/${day.id}`)).toEqual({ status: 200, body: day });
    expect(await bravo('PATCH', `/workflows/${walkIn.id}`, { name: 'Walk-in Clinic' })).toMatchObject({
      status: 200,
      body: { name: 'Walk-in Clinic' },
    });
    expect(
      await bravo('POST', '/workflows', { department_id: clinic?.id, name: 'Day Surgery' }),
    ).toMatchObject({
      status: 409,
      body: { code: 'DUPLICATE_KEY', message: 'Workflow with name "Day Surgery" already exists.' },
    });
    expect((await bravo('DELETE', `/workflows/${walkIn.id}`)).status).toBe(204);
    expect(await bravo('GET', `/workflows/${walkIn.id}`)).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND', message: `Workflow with id ${walkIn.id} was not found.` },
    });
  });
});

describe('phases', () => {
  let workflow: number;
  const phase = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    color: '#2F80ED',
    kind: 'waiting',
    ...extra,
  });

  beforeAll(async () => {
    const site = await created(bravo, '/sites', { name: 'Phase Site', default_timezone: 'UTC' });
    const department = await created(bravo, '/departments', { site_id: site.id, name: 'Phase Dept' });
    workflow = (await created(bravo, '/workflows', { department_id: department.id, name: 'Phased' })).id;
  });

  const names = async () =>
    bodyOf<{ items: { name: string; position: number }[] }>(
      await bravo('GET', `/workflows/${workflow}/phases`),
    ).items.map((p) => `${p.position}:${p.name}`);

  it('appends phases, or inserts one at a position, and lists them in order', async () => {
    const arrival = await created(
      bravo,
      `/workflows/${workflow}/phases`,
      phase('Arrival', { kind: 'arrival' }),
    );
    expect(arrival).toEqual({
      id: arrival.id,
      workflow_id: workflow,
      name: 'Arrival',
      position: 0,
      color: '#2F80ED',
      estimated_duration_sec: null,
      kind: 'arrival',
      supplementary_announcement: null,
    });
    await created(bravo, `/workflows/${workflow}/phases`, phase('Exam', { estimated_duration_sec: 600 }));
    await created(bravo, `/workflows/${workflow}/phases`, phase('Checkout'));
    const waiting = await created(bravo, `/workflows/${workflow}/phases`, phase('Waiting', { position: 1 }));
    expect(waiting.position).toBe(1);
    expect(await names()).toEqual(['0:Arrival', '1:Waiting', '2:Exam', '3:Checkout']);
    const page = bodyOf(await bravo('GET', `/workflows/${workflow}/phases?limit=2&offset=2`));
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 2 });
    expect((page.items as { name: string }[]).map((p) => p.name)).toEqual(['Exam', 'Checkout']);
  });

  it('validates a phase: kind, colour, position, repeated name', async () => {
    const path = `/workflows/${workflow}/phases`;
    expect(await bravo('POST', path, phase('Odd', { kind: 'teleport' }))).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'kind' } },
    });
    expect(await bravo('POST', path, phase('Odd', { color: 'red' }))).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'color' } },
    });
    expect(await bravo('POST', path, phase('Odd', { position: 9 }))).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'position' } },
    });
    expect(await bravo('POST', path, phase('Exam'))).toMatchObject({
      status: 409,
      body: { code: 'DUPLICATE_KEY', message: 'Phase with name "Exam" already exists.' },
    });
  });

  it('reorders phases, and refuses an order that is not exactly the workflow’s phases', async () => {
    const ids = bodyOf<{ items: { id: number }[] }>(
      await bravo('GET', `/workflows/${workflow}/phases`),
    ).items.map((p) => p.id);
    const reversed = [...ids].reverse();
    const answer = await bravo('PUT', `/workflows/${workflow}/phases/order`, { phase_ids: reversed });
    expect(answer.status).toBe(200);
    expect(bodyOf<{ id: number; position: number }[]>(answer).map((p) => [p.id, p.position])).toEqual(
      reversed.map((id, index) => [id, index]),
    );
    expect(await names()).toEqual(['0:Checkout', '1:Exam', '2:Waiting', '3:Arrival']);
    for (const phase_ids of [reversed.slice(1), [...reversed, 999_999], [...reversed.slice(1), 999_999]]) {
      expect(await bravo('PUT', `/workflows/${workflow}/phases/order`, { phase_ids })).toMatchObject({
        status: 400,
        body: { code: 'IS_NOT_VALID', params: { field: 'phase_ids' } },
      });
    }
    await bravo('PUT', `/workflows/${workflow}/phases/order`, { phase_ids: ids });
    expect(await names()).toEqual(['0:Arrival', '1:Waiting', '2:Exam', '3:Checkout']);
  });

  it('reads, updates and deletes a phase; the rest close up', async () => {
    const [, waiting] = bodyOf<{ items: { id: number }[] }>(
      await bravo('GET', `/workflows/${workflow}/phases`),
    ).items;
    const id = waiting?.id ?? 0;
    expect(
      await bravo('PATCH', `/phases/${id}`, {
        name: 'Lobby',
        color: '#112233',
        supplementary_announcement: 'Sit.',
      }),
    ).toMatchObject({
      status: 200,
      body: { id, name: 'Lobby', color: '#112233', supplementary_announcement: 'Sit.', position: 1 },
    });
    expect(await bravo('GET', `/phases/${id}`)).toMatchObject({ status: 200, body: { name: 'Lobby' } });
    expect((await bravo('DELETE', `/phases/${id}`)).status).toBe(204);
    expect(await bravo('GET', `/phases/${id}`)).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND' },
    });
    expect(await names()).toEqual(['0:Arrival', '1:Exam', '2:Checkout']);
  });

  it('deletes a workflow with completed visits (they go with it, BOF-10), not one with visits in progress', async () => {
    const admitted = await bravo('POST', '/visits', {
      first_name: 'Ada',
      last_name: 'L',
      workflow_id: workflow,
    });
    expect(admitted.status, JSON.stringify(admitted.body)).toBe(201);
    const visit = idOf(admitted);
    const wording = 'Action can’t be completed due to active patients in the workflow.';
    expect(await bravo('DELETE', `/workflows/${workflow}`)).toEqual({
      status: 409,
      body: { code: 'WORKFLOW_HAS_ACTIVE_PATIENTS', params: {}, message: wording },
    });
    const [arrival] = bodyOf<{ items: { id: number }[] }>(
      await bravo('GET', `/workflows/${workflow}/phases`),
    ).items;
    expect(await bravo('DELETE', `/phases/${arrival?.id}`)).toMatchObject({
      status: 409,
      body: { code: 'WORKFLOW_HAS_ACTIVE_PATIENTS', message: wording },
    });
    expect((await bravo('POST', `/visits/${visit}/complete`)).status).toBe(200);
    expect((await bravo('DELETE', `/workflows/${workflow}`)).status).toBe(204);
    expect((await sql.query('SELECT id FROM visits WHERE id = $1', [visit])).rowCount).toBe(0);
    expect((await sql.query('SELECT id FROM phases WHERE workflow_id = $1', [workflow])).rowCount).toBe(0);
  });
});

describe('locations and stations', () => {
  it('creates, filters by kind and location, updates and deletes', async () => {
    const lobby = await created(bravo, '/locations', { name: 'Lobby', kind: 'waiting_room' });
    const exam = await created(bravo, '/locations', { name: 'Exam Room 1', kind: 'exam_room' });
    expect(lobby).toEqual({ id: lobby.id, name: 'Lobby', kind: 'waiting_room' });
    expect(bodyOf(await bravo('GET', '/locations?kind=exam_room'))).toEqual({
      items: [exam],
      total: 1,
      limit: 50,
      offset: 0,
    });
    expect(bodyOf(await bravo('GET', '/locations')).items).toEqual([exam, lobby]);
    expect(await bravo('GET', '/locations?kind=moon')).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID' },
    });
    expect(await bravo('POST', '/locations', { name: 'Roof', kind: 'helipad' })).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'kind' } },
    });
    const desk = await created(bravo, '/stations', { location_id: exam.id, name: 'Desk 1' });
    await created(bravo, '/stations', { location_id: lobby.id, name: 'Desk 2' });
    expect(bodyOf(await bravo('GET', `/stations?location_id=${exam.id}`)).items).toEqual([desk]);
    expect(await bravo('PATCH', `/stations/${desk.id}`, { name: 'Desk A', location_id: lobby.id })).toEqual({
      status: 200,
      body: { id: desk.id, location_id: lobby.id, name: 'Desk A' },
    });
    expect(await bravo('PATCH', `/locations/${exam.id}`, { kind: 'triage' })).toMatchObject({
      status: 200,
      body: { kind: 'triage', name: 'Exam Room 1' },
    });
    expect(await bravo('DELETE', `/locations/${lobby.id}`)).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'id' } },
    });
    expect((await bravo('DELETE', `/locations/${exam.id}`)).status).toBe(204);
    expect((await bravo('DELETE', `/stations/${desk.id}`)).status).toBe(204);
    expect(bodyOf(await bravo('GET', `/stations?location_id=${lobby.id}`)).total).toBe(1);
    expect(await bravo('POST', '/stations', { location_id: lobby.id, name: 'Desk 2' })).toMatchObject({
      status: 409,
      body: { code: 'DUPLICATE_KEY', message: 'Station with name "Desk 2" already exists.' },
    });
  });
});

describe('staff and staff types', () => {
  it('lists the customer’s 50 staff types and renames one', async () => {
    const page = bodyOf(await bravo('GET', '/staff-types?limit=200'));
    expect(page).toMatchObject({ total: 50 });
    expect((page.items as { id: number }[]).map((t) => t.id)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(await bravo('PATCH', '/staff-types/3', { name: 'Registered Nurse', abbreviation: 'RN' })).toEqual({
      status: 200,
      body: { id: 3, name: 'Registered Nurse', abbreviation: 'RN' },
    });
    expect(await bravo('GET', '/staff-types/3')).toMatchObject({ body: { name: 'Registered Nurse' } });
    expect(await bravo('PATCH', '/staff-types/3', {})).toEqual({
      status: 200,
      body: { id: 3, name: 'Registered Nurse', abbreviation: 'RN' },
    });
    // The demo customer's copy is its own.
    expect(await demo('GET', '/staff-types/3')).toMatchObject({ body: { name: 'Nurse' } });
    for (const id of [51, 40_000]) {
      expect(await bravo('PATCH', `/staff-types/${id}`, { name: 'x' })).toMatchObject({
        status: 404,
        body: { code: 'ENTITY_NOT_FOUND', message: `Staff type with id ${id} was not found.` },
      });
    }
  });

  it('creates, filters, updates and deletes staff', async () => {
    const nurse = await created(bravo, '/staff', { display_name: 'Kim N.', staff_type_id: 3 });
    const admin = await created(bravo, '/staff', { display_name: 'Alex A.', staff_type_id: 1 });
    expect(nurse).toEqual({ id: nurse.id, display_name: 'Kim N.', staff_type_id: 3, badge_id: null });
    expect(bodyOf(await bravo('GET', '/staff?staff_type_id=3')).items).toEqual([nurse]);
    expect(bodyOf(await bravo('GET', '/staff')).items).toEqual([admin, nurse]);
    expect(await bravo('PATCH', `/staff/${admin.id}`, { staff_type_id: 2 })).toMatchObject({
      status: 200,
      body: { staff_type_id: 2 },
    });
    expect(await bravo('POST', '/staff', { display_name: 'Nobody', staff_type_id: 77 })).toMatchObject({
      status: 422,
      body: { code: 'NO_MASTER_ENTITY_FOUND', message: 'Staff type with staff_type_id "77" not found.' },
    });
    expect((await bravo('DELETE', `/staff/${admin.id}`)).status).toBe(204);
    expect(bodyOf(await bravo('GET', '/staff')).total).toBe(1);
  });

  it('answers TAG_IS_IN_USE for a badge another staff member or a visit in progress wears', async () => {
    const badge = async (label: string) =>
      firstId("INSERT INTO badges (customer_id, label) VALUES ('bravo', $1) RETURNING id", [label]);
    const [first, second] = [await badge('S-1'), await badge('S-2')];
    const inUse = {
      status: 409,
      body: { code: 'TAG_IS_IN_USE', params: { kind: 'Badge' }, message: 'This Badge is currently in use.' },
    };
    const wearer = await created(bravo, '/staff', {
      display_name: 'Pat B.',
      staff_type_id: 3,
      badge_id: first,
    });
    expect(
      await bravo('POST', '/staff', { display_name: 'Sam C.', staff_type_id: 3, badge_id: first }),
    ).toEqual(inUse);

    const site = await created(bravo, '/sites', { name: 'Badge Site', default_timezone: 'UTC' });
    const department = await created(bravo, '/departments', { site_id: site.id, name: 'Badge Dept' });
    const workflow = await created(bravo, '/workflows', { department_id: department.id, name: 'Badged' });
    await created(bravo, `/workflows/${workflow.id}/phases`, {
      name: 'Only',
      color: '#000000',
      kind: 'arrival',
    });
    const admitted = await bravo('POST', '/visits', {
      first_name: 'Bo',
      last_name: 'D',
      workflow_id: workflow.id,
      badge_id: second,
    });
    expect(admitted.status, JSON.stringify(admitted.body)).toBe(201);
    expect(await bravo('PATCH', `/staff/${wearer.id}`, { badge_id: second })).toEqual(inUse);
    expect(await bravo('PATCH', `/staff/${wearer.id}`, { badge_id: null })).toMatchObject({
      status: 200,
      body: { badge_id: null },
    });
  });
});

describe('scopes and customers', () => {
  it('answers 403 FORBIDDEN without the read scope or the write scope', async () => {
    const reader = await apiClient(
      server,
      await accessToken(server, {
        scope: 'read:sites read:departments read:stations read:staff',
        org_id: 'org_bravo',
      }),
    );
    const nobody = await apiClient(
      server,
      await accessToken(server, { scope: 'write:*', org_id: 'org_bravo' }),
    );
    const forbidden = {
      status: 403,
      body: { code: 'FORBIDDEN', params: {}, message: 'You do not have permissions to access this section.' },
    };
    for (const path of [
      '/sites',
      '/departments',
      '/workflows',
      '/locations',
      '/stations',
      '/staff',
      '/staff-types',
    ]) {
      expect(await nobody('GET', path), path).toEqual(forbidden);
      expect((await reader('GET', path)).status, path).toBe(200);
    }
    expect(await reader('POST', '/sites', { name: 'Nope', default_timezone: 'UTC' })).toEqual(forbidden);
    expect(await reader('PATCH', '/staff-types/1', { name: 'Nope' })).toEqual(forbidden);
    expect(await reader('DELETE', '/locations/1')).toEqual(forbidden);
  });

  it('answers 404 ENTITY_NOT_FOUND for another customer’s ids (GET, PATCH, DELETE)', async () => {
    const ids = {
      sites: ['Site', await firstId("SELECT id FROM sites WHERE customer_id = 'demo' ORDER BY id")],
      departments: [
        'Department',
        await firstId("SELECT id FROM departments WHERE customer_id = 'demo' ORDER BY id"),
      ],
      workflows: [
        'Workflow',
        await firstId("SELECT id FROM workflows WHERE customer_id = 'demo' ORDER BY id"),
      ],
      phases: ['Phase', await firstId("SELECT id FROM phases WHERE customer_id = 'demo' ORDER BY id")],
      locations: [
        'Location',
        await firstId("SELECT id FROM locations WHERE customer_id = 'demo' ORDER BY id"),
      ],
      stations: ['Station', await firstId("SELECT id FROM stations WHERE customer_id = 'demo' ORDER BY id")],
      staff: ['Staff', await firstId("SELECT id FROM staff WHERE customer_id = 'demo' ORDER BY id")],
    } as const;
    for (const [path, [entity, id]] of Object.entries(ids)) {
      const notFound = {
        status: 404,
        body: {
          code: 'ENTITY_NOT_FOUND',
          params: { entity, id },
          message: `${entity} with id ${id} was not found.`,
        },
      };
      expect(await bravo('GET', `/${path}/${id}`), path).toEqual(notFound);
      expect(await bravo('PATCH', `/${path}/${id}`, {}), path).toEqual(notFound);
      expect(await bravo('DELETE', `/${path}/${id}`), path).toEqual(notFound);
      expect(await demo('GET', `/${path}/${id}`), path).toMatchObject({ status: 200 });
    }
    const workflow = ids.workflows[1];
    for (const [method, path, body] of [
      ['GET', `/workflows/${workflow}/phases`, undefined],
      ['POST', `/workflows/${workflow}/phases`, { name: 'X', color: '#000000', kind: 'arrival' }],
      ['PUT', `/workflows/${workflow}/phases/order`, { phase_ids: [ids.phases[1]] }],
    ] as const) {
      expect(await bravo(method, path, body), path).toMatchObject({
        status: 404,
        body: { code: 'ENTITY_NOT_FOUND', message: `Workflow with id ${workflow} was not found.` },
      });
    }
  });

  it('answers NO_MASTER_ENTITY_FOUND when a body names another customer’s row', async () => {
    const demoSite = await firstId("SELECT id FROM sites WHERE customer_id = 'demo' ORDER BY id");
    expect(await bravo('POST', '/departments', { site_id: demoSite, name: 'Stolen' })).toEqual({
      status: 422,
      body: {
        code: 'NO_MASTER_ENTITY_FOUND',
        params: { entity: 'Site', field: 'site_id', value: String(demoSite) },
        message: `Site with site_id "${demoSite}" not found.`,
      },
    });
    const demoLocation = await firstId("SELECT id FROM locations WHERE customer_id = 'demo' ORDER BY id");
    expect(await bravo('POST', '/stations', { location_id: demoLocation, name: 'Stolen' })).toMatchObject({
      status: 422,
      body: {
        code: 'NO_MASTER_ENTITY_FOUND',
        message: `Location with location_id "${demoLocation}" not found.`,
      },
    });
    const demoBadge = await firstId("SELECT id FROM badges WHERE customer_id = 'demo' ORDER BY id");
    expect(
      await bravo('POST', '/staff', { display_name: 'X', staff_type_id: 1, badge_id: demoBadge }),
    ).toMatchObject({
      status: 422,
      body: { code: 'NO_MASTER_ENTITY_FOUND', params: { entity: 'Badge' } },
    });
  });
});

describe('liveness', () => {
  it('records the entity’s change for every board and a display_board change for boards showing it', async () => {
    const site = await firstId("SELECT id FROM sites WHERE customer_id = 'demo' ORDER BY id");
    const boards = (
      await sql.query(
        "SELECT b.id FROM display_boards b JOIN departments d ON d.id = b.department_id WHERE b.customer_id = 'demo' AND d.site_id = $1 ORDER BY b.id",
        [site],
      )
    ).rows.map((row) => row.id as number);
    expect(boards.length).toBeGreaterThan(0);
    const before = await demoVersion();
    const { body } = await demo('GET', `/sites/${site}`);
    expect((await demo('PATCH', `/sites/${site}`, { name: 'Riverside Medical Center' })).status).toBe(200);
    const changes = await changesSince(before);
    expect(changes).toEqual([
      { entity: 'site', entity_id: site, board_ids: null },
      ...boards.map((id) => ({ entity: 'display_board', entity_id: id, board_ids: [id] })),
    ]);
    expect((await demo('GET', `/sites/${site}`)).body).toEqual(body);
  });

  it('refuses to delete a phase that is all a board’s phase list names (BOF-11), and a workflow in progress', async () => {
    const board = bodyOf<DisplayBoardConfig>(await demo('GET', '/display-boards/1'));
    const workflow = board.workflow_ids[0] ?? 0;
    expect(await demo('DELETE', `/workflows/${workflow}`)).toMatchObject({
      status: 409,
      body: { code: 'WORKFLOW_HAS_ACTIVE_PATIENTS' },
    });
    const spare = await created(demo, `/workflows/${workflow}/phases`, {
      name: 'Spare',
      color: '#010203',
      kind: 'waiting',
    });
    const patched = await demo('PATCH', '/display-boards/1', { phase_ids: [spare.id] });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await demo('DELETE', `/phases/${spare.id}`)).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'id' } },
    });
    expect((await demo('PATCH', '/display-boards/1', { phase_ids: board.phase_ids })).status).toBe(200);
    expect((await demo('DELETE', `/phases/${spare.id}`)).status).toBe(204);
  });

  it('deleting a workflow a board lists among others leaves the board valid, and tells it', async () => {
    const board = bodyOf<DisplayBoardConfig>(await demo('GET', '/display-boards/1'));
    const extra = await created(demo, '/workflows', {
      department_id: board.department.id,
      name: 'Extra Flow',
    });
    await created(demo, `/workflows/${extra.id}/phases`, {
      name: 'Extra',
      color: '#0A0B0C',
      kind: 'arrival',
    });
    const listed = await demo('PATCH', '/display-boards/1', {
      workflow_ids: [...board.workflow_ids, extra.id],
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const before = await demoVersion();
    expect((await demo('DELETE', `/workflows/${extra.id}`)).status).toBe(204);
    expect(await changesSince(before)).toContainEqual({
      entity: 'display_board',
      entity_id: 1,
      board_ids: [1],
    });
    expect(bodyOf<DisplayBoardConfig>(await demo('GET', '/display-boards/1'))).toEqual(board);
  });

  it('a phase renamed through REST reaches a live workflow board, and a department renamed its config', async () => {
    const rows = new Map<string, Record<string, unknown>>();
    const configs: DisplayBoardConfig[] = [];
    const client = graphqlClient(server, () => demoToken);
    const stopRows = client.subscribe<Record<string, string>>(
      {
        query: boardContentSubscription('workflowBoard'),
        variables: { displayBoardId: 1, sinceVersion: null },
      },
      {
        next: (value) => {
          const text = value.data?.workflowBoard;
          if (!text) return;
          const frame = JSON.parse(text) as { upserts: { key: string }[] };
          for (const row of frame.upserts) rows.set(row.key, row);
        },
        error: () => {},
        complete: () => {},
      },
    );
    const stopConfig = client.subscribe<{ displayBoard: unknown }>(
      { query: displayBoardSubscription, variables: { displayBoardId: 1 } },
      {
        next: (value) =>
          void (value.data && configs.push(displayBoardConfigSchema.parse(value.data.displayBoard))),
        error: () => {},
        complete: () => {},
      },
    );
    try {
      await waitUntil(() => rows.size > 0 && configs.length > 0);
      const board = configs[0] as DisplayBoardConfig;
      const phaseId = await firstId(
        "SELECT id FROM phases WHERE customer_id = 'demo' AND workflow_id = $1 ORDER BY position",
        [board.workflow_ids[0]],
      );
      expect((await demo('PATCH', `/phases/${phaseId}`, { name: 'Arrived' })).status).toBe(200);
      await waitUntil(() => rows.get(`phase:${phaseId}`)?.name === 'Arrived');
      const department = board.department;
      expect(
        (await demo('PATCH', `/departments/${department.id}`, { name: 'Surgery (renamed)' })).status,
      ).toBe(200);
      await waitUntil(() => configs.at(-1)?.department.name === 'Surgery (renamed)');
      await demo('PATCH', `/departments/${department.id}`, { name: department.name });
    } finally {
      stopRows();
      stopConfig();
      await client.dispose();
    }
  });
});
