/**
 * The feeds' settings and status through real HTTP requests (decisions FEED-40 to FEED-43): feed
 * rules, ADT points of care and facilities, the default ADT workflow, and the per-transport status
 * and review list; their catalogue errors, scopes, and that one customer never reaches the other's.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { startWithSecondCustomer } from './second-customer.ts';
import type { TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const ADMIN_SCOPE = 'read:departments write:* update:customer*';
type Call = Awaited<ReturnType<typeof apiClient>>;
type Row = { id: number } & Record<string, unknown>;

let server: TestServer;
let sql: pg.Client;
let demo: Call;
let bravo: Call;
let reader: Call;
/** Two workflows of demo, each with its phases; demo's first two locations. */
let flowA: { id: number; phases: number[] };
let flowB: { id: number; phases: number[] };
let rooms: { id: number; kind: string }[];
let bravoFlow: number;

async function workflowWithPhases(
  customer: string,
  offset: number,
): Promise<{ id: number; phases: number[] }> {
  const id = (
    await sql.query('SELECT id FROM workflows WHERE customer_id = $1 ORDER BY id OFFSET $2 LIMIT 1', [
      customer,
      offset,
    ])
  ).rows[0].id;
  const phases = (
    await sql.query('SELECT id FROM phases WHERE customer_id = $1 AND workflow_id = $2 ORDER BY position', [
      customer,
      id,
    ])
  ).rows.map((row) => row.id as number);
  return { id, phases };
}

beforeAll(async () => {
  ({ server, sql } = await startWithSecondCustomer());
  // The demo seeds rules and mappings of its own: these tests start from none.
  for (const table of ['feed_rules', 'adt_points_of_care', 'adt_facilities'])
    await sql.query(`DELETE FROM ${table} WHERE customer_id = 'demo'`);
  demo = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE, sub: 'feed-admin' }));
  bravo = await apiClient(
    server,
    await accessToken(server, { scope: ADMIN_SCOPE, org_id: 'org_bravo', sub: 'feed-bravo' }),
  );
  reader = await apiClient(server, await accessToken(server, { scope: 'read:departments', sub: 'reader' }));
  flowA = await workflowWithPhases('demo', 0);
  flowB = await workflowWithPhases('demo', 1);
  rooms = (await sql.query("SELECT id, kind FROM locations WHERE customer_id = 'demo' ORDER BY id LIMIT 2"))
    .rows;
  const site = await bravo('POST', '/sites', { name: 'Bravo Site', default_timezone: 'UTC' });
  const department = await bravo('POST', '/departments', { site_id: (site.body as Row).id, name: 'Bravo' });
  bravoFlow = (
    (await bravo('POST', '/workflows', { department_id: (department.body as Row).id, name: 'Bravo flow' }))
      .body as Row
  ).id;
});
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

function expectError(answer: ApiAnswer, status: number, code: string, params: Record<string, unknown>): void {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code, params });
  expect(answer.status).toBe(status);
}

async function created(answer: Promise<ApiAnswer>): Promise<Row> {
  const settled = await answer;
  expect(settled.status, JSON.stringify(settled.body)).toBe(201);
  return settled.body as Row;
}

async function lastChange(
  entity: string,
): Promise<{ entity_id: number; action: string; board_ids: number[] }> {
  return (
    await sql.query(
      "SELECT entity_id, action, board_ids FROM change_log WHERE customer_id = 'demo' AND entity = $1 ORDER BY version DESC LIMIT 1",
      [entity],
    )
  ).rows[0];
}

const phase = (flow: { phases: number[] }, i: number) => {
  const id = flow.phases[i];
  if (id === undefined) throw new Error(`no phase ${i}`);
  return id;
};
const room = (i: number) => {
  const found = rooms[i];
  if (!found) throw new Error(`no location ${i}`);
  return found;
};

describe('feed rules', () => {
  it('creates a rule by kind and one by location, lists them per workflow, changes and deletes one', async () => {
    const byKind = await created(
      demo('POST', '/feed-rules', {
        workflow_id: flowA.id,
        location_kind: 'exam_room',
        phase_id: phase(flowA, 1),
      }),
    );
    expect(byKind).toEqual({
      id: expect.any(Number),
      workflow_id: flowA.id,
      location_kind: 'exam_room',
      location_id: null,
      phase_id: phase(flowA, 1),
    });
    expect(await lastChange('feed_rule')).toEqual({ entity_id: byKind.id, action: 'insert', board_ids: [] });
    const byRoom = await created(
      demo('POST', '/feed-rules', {
        workflow_id: flowA.id,
        location_id: room(0).id,
        phase_id: phase(flowA, 0),
      }),
    );
    const other = await created(
      demo('POST', '/feed-rules', { workflow_id: flowB.id, location_kind: 'lab', phase_id: phase(flowB, 0) }),
    );

    const listed = await reader('GET', `/feed-rules?workflow_id=${flowA.id}`);
    expect(listed).toMatchObject({ status: 200, body: { total: 2, limit: 50, offset: 0 } });
    expect((listed.body as { items: Row[] }).items.map((rule) => rule.id)).toEqual([byKind.id, byRoom.id]);
    expect(await reader('GET', `/feed-rules/${other.id}`)).toEqual({ status: 200, body: other });

    // From a kind to a location: both fields, the one and null.
    const moved = await demo('PATCH', `/feed-rules/${byKind.id}`, {
      location_kind: null,
      location_id: room(1).id,
    });
    expect(moved).toMatchObject({ status: 200, body: { location_kind: null, location_id: room(1).id } });
    expect(await lastChange('feed_rule')).toMatchObject({ entity_id: byKind.id, action: 'update' });

    expect(await demo('DELETE', `/feed-rules/${byKind.id}`)).toEqual({ status: 204, body: null });
    expect(await lastChange('feed_rule')).toMatchObject({ entity_id: byKind.id, action: 'delete' });
    expectError(await demo('GET', `/feed-rules/${byKind.id}`), 404, 'ENTITY_NOT_FOUND', {
      entity: 'Feed rule',
    });
    for (const rule of [byRoom, other]) await demo('DELETE', `/feed-rules/${rule.id}`);
  });

  it('refuses both places, neither, a second rule for a place, and unknown references', async () => {
    const rule = { workflow_id: flowA.id, phase_id: phase(flowA, 0) };
    expectError(
      await demo('POST', '/feed-rules', { ...rule, location_kind: 'lab', location_id: room(0).id }),
      400,
      'IS_NOT_VALID',
      { field: 'location_kind' },
    );
    expectError(await demo('POST', '/feed-rules', rule), 400, 'IS_NOT_VALID', { field: 'location_kind' });
    expectError(await demo('POST', '/feed-rules', { ...rule, location_kind: 'attic' }), 400, 'IS_NOT_VALID', {
      field: 'location_kind',
    });

    const first = await created(demo('POST', '/feed-rules', { ...rule, location_kind: 'triage' }));
    expectError(
      await demo('POST', '/feed-rules', { ...rule, phase_id: phase(flowA, 1), location_kind: 'triage' }),
      409,
      'DUPLICATE_KEY',
      { entity: 'Feed rule', field: 'location_kind', value: 'triage' },
    );
    // The same kind in another workflow is another rule.
    const elsewhere = await created(
      demo('POST', '/feed-rules', {
        workflow_id: flowB.id,
        phase_id: phase(flowB, 0),
        location_kind: 'triage',
      }),
    );
    expectError(
      await demo('PATCH', `/feed-rules/${first.id}`, { location_id: room(0).id }),
      400,
      'IS_NOT_VALID',
      { field: 'location_kind' },
    );

    // A phase of another workflow, a location or workflow of no one.
    expectError(
      await demo('POST', '/feed-rules', { ...rule, phase_id: phase(flowB, 0), location_kind: 'lab' }),
      422,
      'NO_MASTER_ENTITY_FOUND',
      { entity: 'Phase', field: 'phase_id' },
    );
    expectError(
      await demo('POST', '/feed-rules', { ...rule, location_id: 999_999 }),
      422,
      'NO_MASTER_ENTITY_FOUND',
      { entity: 'Location', field: 'location_id' },
    );
    expect(
      (await demo('POST', '/feed-rules', { ...rule, workflow_id: 999_999, location_kind: 'lab' })).status,
    ).toBe(422);
    expectError(await demo('PATCH', '/feed-rules/999999', { phase_id: 1 }), 404, 'ENTITY_NOT_FOUND', {
      entity: 'Feed rule',
    });
    for (const made of [first, elsewhere]) await demo('DELETE', `/feed-rules/${made.id}`);
  });

  it('reads with the workflows’ read scope and writes only with write:*', async () => {
    expect((await reader('GET', '/feed-rules')).status).toBe(200);
    expectError(
      await reader('POST', '/feed-rules', {
        workflow_id: flowA.id,
        location_kind: 'lab',
        phase_id: phase(flowA, 0),
      }),
      403,
      'FORBIDDEN',
      {},
    );
  });

  it('keeps each customer to its own rules', async () => {
    const mine = await created(
      demo('POST', '/feed-rules', {
        workflow_id: flowA.id,
        location_kind: 'hallway',
        phase_id: phase(flowA, 0),
      }),
    );
    expect(await bravo('GET', '/feed-rules')).toMatchObject({ status: 200, body: { items: [], total: 0 } });
    expect((await bravo('GET', `/feed-rules?workflow_id=${flowA.id}`)).body).toMatchObject({ total: 0 });
    expectError(await bravo('GET', `/feed-rules/${mine.id}`), 404, 'ENTITY_NOT_FOUND', {});
    expectError(
      await bravo('PATCH', `/feed-rules/${mine.id}`, { location_kind: 'lab' }),
      404,
      'ENTITY_NOT_FOUND',
      {},
    );
    expectError(await bravo('DELETE', `/feed-rules/${mine.id}`), 404, 'ENTITY_NOT_FOUND', {});
    // Demo's workflow and phase named by bravo are no one's to bravo.
    expect(
      (
        await bravo('POST', '/feed-rules', {
          workflow_id: flowA.id,
          location_kind: 'lab',
          phase_id: phase(flowA, 0),
        })
      ).status,
    ).toBe(422);
    expect(await demo('GET', `/feed-rules/${mine.id}`)).toEqual({ status: 200, body: mine });
    await demo('DELETE', `/feed-rules/${mine.id}`);
  });
});

describe('ADT points of care', () => {
  it('maps a point of care to a workflow and phase, changes and deletes it', async () => {
    const point = await created(
      demo('POST', '/adt/points-of-care', { point_of_care: ' ED ', workflow_id: flowA.id }),
    );
    expect(point).toEqual({
      id: expect.any(Number),
      point_of_care: 'ED',
      room: null,
      bed: null,
      facility: null,
      building: null,
      floor: null,
      workflow_id: flowA.id,
      phase_id: null,
    });
    expect(await lastChange('adt_point_of_care')).toEqual({
      entity_id: point.id,
      action: 'insert',
      board_ids: [],
    });
    const changed = await demo('PATCH', `/adt/points-of-care/${point.id}`, { phase_id: phase(flowA, 1) });
    expect(changed).toMatchObject({ status: 200, body: { phase_id: phase(flowA, 1) } });
    expect(await reader('GET', `/adt/points-of-care?workflow_id=${flowA.id}`)).toMatchObject({
      status: 200,
      body: { items: [{ id: point.id, point_of_care: 'ED' }], total: 1 },
    });
    // The feed matches without regard to case or spaces (FEED-63): so does the key.
    expectError(
      await demo('POST', '/adt/points-of-care', { point_of_care: 'ed ', workflow_id: flowB.id }),
      409,
      'DUPLICATE_KEY',
      { entity: 'Point of care', field: 'point_of_care', value: 'ed' },
    );
    // A place narrower than ED (one of its rooms) is a mapping of its own.
    const room = await created(
      demo('POST', '/adt/points-of-care', { point_of_care: 'ED', room: 'Resus', workflow_id: flowB.id }),
    );
    expect(room).toMatchObject({ point_of_care: 'ED', room: 'Resus', workflow_id: flowB.id });
    expect(await demo('DELETE', `/adt/points-of-care/${room.id}`)).toEqual({ status: 204, body: null });
    expectError(
      await demo('PATCH', `/adt/points-of-care/${point.id}`, { phase_id: phase(flowB, 0) }),
      422,
      'NO_MASTER_ENTITY_FOUND',
      { entity: 'Phase' },
    );
    // A mapping names at least one of PV1-3's components.
    expectError(await demo('POST', '/adt/points-of-care', { workflow_id: flowA.id }), 400, 'IS_NOT_VALID', {
      field: 'point_of_care',
    });
    expectError(await bravo('GET', `/adt/points-of-care/${point.id}`), 404, 'ENTITY_NOT_FOUND', {});
    expectError(await bravo('DELETE', `/adt/points-of-care/${point.id}`), 404, 'ENTITY_NOT_FOUND', {});
    expect((await bravo('GET', '/adt/points-of-care')).body).toMatchObject({ total: 0 });
    expect(await demo('DELETE', `/adt/points-of-care/${point.id}`)).toEqual({ status: 204, body: null });
    expect(await lastChange('adt_point_of_care')).toMatchObject({ action: 'delete' });
  });
});

describe('ADT facilities', () => {
  it('maps facilities to one customer only, without saying whose a taken one is', async () => {
    expect(await created(demo('POST', '/adt/facilities', { facility: 'RIVERSIDE' }))).toEqual({
      facility: 'RIVERSIDE',
      charset: null,
      test_facility: false,
      patient_id_type: 'MR',
      patient_id_authority: null,
      arrival_statuses: ['ARRIVED', 'CHECKED IN', 'CHECKEDIN', 'STARTED'],
      created_at: expect.any(String),
    });
    expect(await lastChange('adt_facility')).toMatchObject({ action: 'insert', board_ids: [] });
    expect(await reader('GET', '/adt/facilities')).toMatchObject({
      status: 200,
      body: { items: [{ facility: 'RIVERSIDE' }], total: 1 },
    });

    const taken = await bravo('POST', '/adt/facilities', { facility: 'RIVERSIDE' });
    expectError(taken, 409, 'DUPLICATE_KEY', { entity: 'Facility', field: 'facility', value: 'RIVERSIDE' });
    expect(JSON.stringify(taken.body)).not.toContain('demo');
    // Another customer's id stays that customer's to map (FEED-53: as the demo maps its own).
    expectError(await bravo('POST', '/adt/facilities', { facility: 'DEMO' }), 409, 'DUPLICATE_KEY', {
      value: 'DEMO',
    });
    expect((await bravo('GET', '/adt/facilities')).body).toMatchObject({ items: [], total: 0 });
    expectError(await bravo('DELETE', '/adt/facilities/RIVERSIDE'), 404, 'ENTITY_NOT_FOUND', {});

    expect(await demo('DELETE', '/adt/facilities/RIVERSIDE')).toEqual({ status: 204, body: null });
    expect(await created(bravo('POST', '/adt/facilities', { facility: 'RIVERSIDE' }))).toMatchObject({
      facility: 'RIVERSIDE',
    });
    expectError(await demo('DELETE', '/adt/facilities/RIVERSIDE'), 404, 'ENTITY_NOT_FOUND', {});
  });

  it('says how a facility’s messages are read: its character set, test traffic, the patient identifier', async () => {
    await created(demo('POST', '/adt/facilities', { facility: 'WESTSIDE' }));
    const set = await demo('PATCH', '/adt/facilities/WESTSIDE', {
      charset: '8859/1',
      test_facility: true,
      patient_id_type: 'PI',
      patient_id_authority: ' ',
      arrival_statuses: ['Checked In', ' arrived '],
    });
    expect(set).toMatchObject({
      status: 200,
      body: {
        facility: 'WESTSIDE',
        charset: '8859/1',
        test_facility: true,
        patient_id_type: 'PI',
        patient_id_authority: null,
        arrival_statuses: ['CHECKED IN', 'ARRIVED'],
      },
    });
    expect(await lastChange('adt_facility')).toMatchObject({ action: 'update' });
    expect((await demo('PATCH', '/adt/facilities/WESTSIDE', { charset: null })).body).toMatchObject({
      charset: null,
      test_facility: true,
    });
    expectError(await demo('PATCH', '/adt/facilities/WESTSIDE', { charset: 'latin1' }), 400, 'IS_NOT_VALID', {
      field: 'charset',
    });
    expectError(
      await bravo('PATCH', '/adt/facilities/WESTSIDE', { test_facility: true }),
      404,
      'ENTITY_NOT_FOUND',
      {},
    );
    expect((await reader('PATCH', '/adt/facilities/WESTSIDE', { test_facility: false })).status).toBe(403);
    expect(await demo('DELETE', '/adt/facilities/WESTSIDE')).toEqual({ status: 204, body: null });
  });
});

describe('ADT senders', () => {
  it('lists who may send to a facility and from where, checks each address, and leaves other customers alone', async () => {
    await created(demo('POST', '/adt/facilities', { facility: 'SENDERS-HOSP' }));
    const sender = await created(
      demo('POST', '/adt/senders', {
        facility: 'SENDERS-HOSP',
        sending_application: ' EPIC ',
        sending_facility: '',
        addresses: ['10.20.0.0/16', '10.1.2.3', 'fd00::/8'],
      }),
    );
    // Trimmed; blank is any (null); the addresses as typed.
    expect(sender).toEqual({
      id: expect.any(Number),
      facility: 'SENDERS-HOSP',
      sending_application: 'EPIC',
      sending_facility: null,
      addresses: ['10.20.0.0/16', '10.1.2.3', 'fd00::/8'],
      created_at: expect.any(String),
    });
    // A sender is part of its facility's mapping: the console's ADT tab hears it as one.
    expect(await lastChange('adt_facility')).toMatchObject({ entity_id: sender.id, action: 'insert' });
    expect(await reader('GET', '/adt/senders?facility=SENDERS-HOSP')).toMatchObject({
      status: 200,
      body: { items: [{ id: sender.id }], total: 1 },
    });

    for (const [addresses, field] of [
      [['10.0.0.0/33'], 'addresses.0'],
      [['10.0.0.1', 'not-an-address'], 'addresses.1'],
      [['10.0.0/8'], 'addresses.0'],
      [['10.0.0.0/8/8'], 'addresses.0'],
      [['::1/129'], 'addresses.0'],
      [['10.0.0.0/abc'], 'addresses.0'],
      [[], 'addresses'],
    ] as const) {
      expectError(
        await demo('POST', '/adt/senders', { facility: 'SENDERS-HOSP', addresses }),
        400,
        'IS_NOT_VALID',
        { field },
      );
    }
    expectError(await demo('POST', '/adt/senders', { facility: 'SENDERS-HOSP' }), 400, 'IS_REQUIRED', {
      field: 'addresses',
    });
    // Another customer's facility is as unknown as one nobody has.
    await created(bravo('POST', '/adt/facilities', { facility: 'BRAVO-ONLY' }));
    for (const facility of ['BRAVO-ONLY', 'NO-SUCH-FACILITY']) {
      expectError(
        await demo('POST', '/adt/senders', { facility, addresses: ['10.0.0.1'] }),
        422,
        'NO_MASTER_ENTITY_FOUND',
        { entity: 'Facility', field: 'facility', value: facility },
      );
    }

    const changed = await demo('PATCH', `/adt/senders/${sender.id}`, {
      sending_facility: 'MAIN',
      addresses: ['192.168.7.0/24'],
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { sending_application: 'EPIC', sending_facility: 'MAIN', addresses: ['192.168.7.0/24'] },
    });
    expectError(await demo('PATCH', `/adt/senders/${sender.id}`, { addresses: ['x'] }), 400, 'IS_NOT_VALID', {
      field: 'addresses.0',
    });
    expectError(
      await reader('POST', '/adt/senders', { facility: 'SENDERS-HOSP', addresses: ['10.0.0.1'] }),
      403,
      'FORBIDDEN',
      {},
    );
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { addresses: ['10.0.0.9'] }],
      ['DELETE', undefined],
    ] as const) {
      expectError(await bravo(method, `/adt/senders/${sender.id}`, body), 404, 'ENTITY_NOT_FOUND', {});
    }
    expect((await bravo('GET', '/adt/senders')).body).toMatchObject({ items: [], total: 0 });

    // Removing the facility removes its senders.
    expect(await demo('DELETE', '/adt/facilities/SENDERS-HOSP')).toEqual({ status: 204, body: null });
    expectError(await demo('GET', `/adt/senders/${sender.id}`), 404, 'ENTITY_NOT_FOUND', {});
  });

  it('deletes a sender', async () => {
    await created(demo('POST', '/adt/facilities', { facility: 'SENDERS-GONE' }));
    const sender = await created(
      demo('POST', '/adt/senders', { facility: 'SENDERS-GONE', addresses: ['10.0.0.1'] }),
    );
    expect(sender).toMatchObject({ sending_application: null, sending_facility: null });
    expect(await demo('DELETE', `/adt/senders/${sender.id}`)).toEqual({ status: 204, body: null });
    expect(await lastChange('adt_facility')).toMatchObject({ entity_id: sender.id, action: 'delete' });
    expectError(await demo('DELETE', `/adt/senders/${sender.id}`), 404, 'ENTITY_NOT_FOUND', {
      entity: 'ADT sender',
    });
  });
});

describe('the default ADT workflow', () => {
  it('is a workflow of the customer, or none', async () => {
    const set = await demo('PATCH', '/customers/demo', { adt_workflow_id: flowB.id });
    expect(set).toMatchObject({ status: 200, body: { id: 'demo', adt_workflow_id: flowB.id } });
    expect(await demo('GET', '/customers/demo/settings')).toMatchObject({
      body: { adt_workflow_id: flowB.id },
    });
    expectError(
      await demo('PATCH', '/customers/demo', { adt_workflow_id: bravoFlow }),
      422,
      'NO_MASTER_ENTITY_FOUND',
      { entity: 'Workflow', field: 'adt_workflow_id' },
    );
    expectError(await demo('PATCH', '/customers/demo', { adt_workflow_id: 'x' }), 400, 'IS_NOT_VALID', {
      field: 'adt_workflow_id',
    });
    expect(await demo('PATCH', '/customers/demo', { adt_workflow_id: null })).toMatchObject({
      status: 200,
      body: { adt_workflow_id: null },
    });
  });
});

describe('feed status', () => {
  /** A message of bravo received `minutesAgo` before now, by SQL as a feed stores it. */
  async function message(
    customer: string,
    fields: {
      feed: string;
      transport: string;
      status: string;
      minutesAgo: number;
      items?: number;
      reason?: string;
    },
  ): Promise<string> {
    const { rows } = await sql.query(
      `INSERT INTO feed_messages (customer_id, feed, transport, control_id, message_type, received_at, status, reason, item_count, body)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6), $7, $8, $9, 'PID|||1||Secret^Patient')
       RETURNING id`,
      [
        customer,
        fields.feed,
        fields.transport,
        `c-${Math.random()}`,
        fields.feed === 'hl7' ? 'ADT^A04' : 'sightings',
        fields.minutesAgo,
        fields.status,
        fields.reason ?? null,
        fields.items ?? (fields.feed === 'hl7' ? 1 : 0),
      ],
    );
    return rows[0].id;
  }

  it('counts per transport and hour, with the last message, the last error and the newest errors, never a body', async () => {
    const hourNow = (await sql.query("SELECT date_trunc('hour', now()) AS h")).rows[0].h as Date;
    const minutesIntoHour = Math.floor((Date.now() - hourNow.getTime()) / 60_000);
    // Now's hour: 2 applied webhook batches (30 + 20 sightings) and a refused one.
    await message('bravo', {
      feed: 'rtls',
      transport: 'webhook',
      status: 'applied',
      minutesAgo: 0,
      items: 30,
    });
    await message('bravo', {
      feed: 'rtls',
      transport: 'webhook',
      status: 'applied',
      minutesAgo: 0,
      items: 20,
    });
    const refused = await message('bravo', {
      feed: 'rtls',
      transport: 'webhook',
      status: 'rejected',
      minutesAgo: 0,
      items: 5,
      reason: 'unknown sensor',
    });
    // Three hours before: an HL7 error; 30 hours before: outside the window.
    await message('bravo', {
      feed: 'hl7',
      transport: 'mllp',
      status: 'error',
      minutesAgo: minutesIntoHour + 150,
      reason: 'PV1-3.1 maps to no workflow',
    });
    await message('bravo', { feed: 'hl7', transport: 'mllp', status: 'applied', minutesAgo: 30 * 60 });
    // Demo's messages are demo's.
    await message('demo', {
      feed: 'rtls',
      transport: 'webhook',
      status: 'error',
      minutesAgo: 0,
      reason: 'x',
    });

    const answer = await bravo('GET', '/feeds/status');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const status = answer.body as {
      transports: {
        transport: string;
        last_message_at: string | null;
        last_error_at: string | null;
        hours: { hour: string; received: number; applied: number; errors: number; sightings: number }[];
      }[];
      errors: Record<string, unknown>[];
    };
    expect(status.transports.map((t) => t.transport)).toEqual(['webhook', 'mqtt', 'mllp', 'demo']);
    const [webhook, mqtt, mllp] = status.transports;
    for (const transport of status.transports) expect(transport.hours).toHaveLength(24);
    expect(webhook?.hours.at(-1)).toEqual({
      hour: hourNow.toISOString(),
      received: 3,
      applied: 2,
      errors: 1,
      sightings: 55,
    });
    expect(webhook?.hours.slice(0, -1).every((hour) => hour.received === 0)).toBe(true);
    expect(webhook?.last_message_at).not.toBeNull();
    expect(webhook?.last_error_at).not.toBeNull();
    expect(mqtt).toMatchObject({ last_message_at: null, last_error_at: null });
    expect(mqtt?.hours.every((hour) => hour.received === 0)).toBe(true);
    // The error three hours back is in the bucket 3 before now's; the 30-hour-old message only in last_message_at.
    expect(mllp?.hours.at(-4)).toMatchObject({ received: 1, errors: 1, applied: 0, sightings: 0 });
    expect(mllp?.hours.reduce((sum, hour) => sum + hour.received, 0)).toBe(1);
    expect(new Date(mllp?.last_message_at ?? 0).getTime()).toBeGreaterThan(hourNow.getTime() - 4 * 3_600_000);

    expect(status.errors).toHaveLength(2);
    expect(status.errors[0]).toMatchObject({
      id: refused,
      feed: 'rtls',
      transport: 'webhook',
      status: 'rejected',
      reason: 'unknown sensor',
      message_type: 'sightings',
    });
    expect(status.errors[1]).toMatchObject({ feed: 'hl7', reason: 'PV1-3.1 maps to no workflow' });
    expect(JSON.stringify(answer.body)).not.toContain('Secret');
    expect(JSON.stringify(answer.body)).not.toContain('body');
  });

  it('pages the messages for review, filtered, without bodies, each customer its own', async () => {
    const all = await bravo('GET', '/feeds/messages?limit=2');
    expect(all).toMatchObject({ status: 200, body: { total: 5, limit: 2, offset: 0 } });
    expect((all.body as { items: unknown[] }).items).toHaveLength(2);
    const errors = await bravo('GET', '/feeds/messages?feed=hl7&status=error');
    expect(errors.body).toMatchObject({ total: 1, items: [{ feed: 'hl7', status: 'error' }] });
    expect((await bravo('GET', '/feeds/messages?transport=webhook')).body).toMatchObject({ total: 3 });
    expect(JSON.stringify(all.body)).not.toContain('Secret');
    expectError(await bravo('GET', '/feeds/messages?status=lost'), 400, 'IS_NOT_VALID', { field: 'status' });
    expect((await demo('GET', '/feeds/messages')).body).toMatchObject({ total: 1 });
  });

  it('is for admins: a token without update:customer* is refused', async () => {
    expectError(await reader('GET', '/feeds/status'), 403, 'FORBIDDEN', {});
    expectError(await reader('GET', '/feeds/messages'), 403, 'FORBIDDEN', {});
  });
});
