/**
 * The equipment and RTLS back office through real HTTP requests: tags (with their badges),
 * sensors, asset types, assets, PAR levels and a visit's badge; their catalogue errors with
 * status, code and exact text; scopes; and another customer's ids.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const ADMIN_SCOPE = 'access:display-board access:mm read:tags write:* write:patients';
type Call = Awaited<ReturnType<typeof apiClient>>;
type Row = { id: number } & Record<string, unknown>;
type Page = { items: Row[]; total: number; limit: number; offset: number };

let server: TestServer;
let sql: pg.Client;
let admin: Call;
let bravo: Call;
let workflowId: number;
let locations: { id: number; name: string }[];

beforeAll(async () => {
  server = await startTestServer();
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  await sql.query(
    "INSERT INTO customers (id, auth_org_id, auth_device_client_id) VALUES ('bravo', 'org_bravo', 'bravo-device')",
  );
  admin = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE, sub: 'eq-admin' }));
  bravo = await apiClient(
    server,
    await accessToken(server, { scope: ADMIN_SCOPE, org_id: 'org_bravo', sub: 'eq-bravo' }),
  );
  workflowId = (await sql.query("SELECT id FROM workflows WHERE customer_id = 'demo' ORDER BY id LIMIT 1"))
    .rows[0].id;
  locations = (await sql.query("SELECT id, name FROM locations WHERE customer_id = 'demo' ORDER BY id")).rows;
});
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

/** The catalogue's answer: status, code and the exact text. */
function expectError(answer: ApiAnswer, status: number, code: string, message: string): void {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code, message });
  expect(answer.status).toBe(status);
}

async function created(answer: Promise<ApiAnswer>): Promise<Row> {
  const settled = await answer;
  expect(settled.status, JSON.stringify(settled.body)).toBe(201);
  return settled.body as Row;
}

async function page(path: string): Promise<Page> {
  const answer = await admin('GET', path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Page;
}

const location = (i: number) => {
  const found = locations[i];
  if (!found) throw new Error(`no location ${i}`);
  return found;
};

async function admit(badge: Record<string, unknown> = {}): Promise<ApiAnswer> {
  return admin('POST', '/visits', {
    first_name: 'Eve',
    last_name: 'Quinn',
    workflow_id: workflowId,
    ...badge,
  });
}

async function lastChange(
  entity: string,
): Promise<{ entity_id: number; action: string; board_ids: number[] | null }> {
  return (
    await sql.query(
      "SELECT entity_id, action, board_ids FROM change_log WHERE customer_id = 'demo' AND entity = $1 ORDER BY version DESC LIMIT 1",
      [entity],
    )
  ).rows[0];
}

describe('tags', () => {
  it('creates a patient badge with its badge, reads, renames (the badge too) and deletes it', async () => {
    const tag = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'EQ-P1' }));
    expect(tag).toMatchObject({
      kind: 'patient_badge',
      label: 'EQ-P1',
      battery_low: false,
      last_seen_at: null,
      in_use: false,
    });
    expect(tag.badge_id).toEqual(expect.any(Number));
    expect(await admin('GET', `/tags/${tag.id}`)).toEqual({ status: 200, body: tag });

    const renamed = await admin('PATCH', `/tags/${tag.id}`, { label: 'EQ-P1b', battery_low: true });
    expect(renamed).toMatchObject({ status: 200, body: { id: tag.id, label: 'EQ-P1b', battery_low: true } });
    expect((await sql.query('SELECT label FROM badges WHERE id = $1', [tag.badge_id])).rows[0].label).toBe(
      'EQ-P1b',
    );

    expect(await admin('DELETE', `/tags/${tag.id}`)).toEqual({ status: 204, body: null });
    expect((await admin('GET', `/tags/${tag.id}`)).status).toBe(404);
    expect(
      (await sql.query('SELECT count(*)::int AS n FROM badges WHERE id = $1', [tag.badge_id])).rows[0].n,
    ).toBe(0);
  });

  it('gives an asset tag no badge, and a badge when it becomes a staff badge', async () => {
    const tag = await created(admin('POST', '/tags', { kind: 'asset_tag', label: 'EQ-A1' }));
    expect(tag.badge_id).toBeNull();
    const staff = await admin('PATCH', `/tags/${tag.id}`, { kind: 'staff_badge' });
    expect(staff).toMatchObject({ status: 200, body: { kind: 'staff_badge', badge_id: expect.any(Number) } });
    const back = await admin('PATCH', `/tags/${tag.id}`, { kind: 'asset_tag' });
    expect(back).toMatchObject({ status: 200, body: { kind: 'asset_tag', badge_id: null } });
  });

  it('pages by label, and filters by kind, by label and by use', async () => {
    for (const label of ['EQ-L3', 'EQ-L1', 'EQ-L2']) {
      await created(admin('POST', '/tags', { kind: 'patient_badge', label }));
    }
    const first = await page('/tags?label=eq-l&limit=2');
    expect(first).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(first.items.map((tag) => tag.label)).toEqual(['EQ-L1', 'EQ-L2']);
    const second = await page('/tags?label=eq-l&limit=2&offset=2');
    expect(second.items.map((tag) => tag.label)).toEqual(['EQ-L3']);

    const staffInUse = await page('/tags?kind=staff_badge&in_use=true&limit=200');
    const staffCount = (
      await sql.query(
        "SELECT count(*)::int AS n FROM staff WHERE customer_id = 'demo' AND badge_id IS NOT NULL",
      )
    ).rows[0].n;
    expect(staffInUse.total).toBe(staffCount);
    expect(staffInUse.items.every((tag) => tag.kind === 'staff_badge' && tag.in_use)).toBe(true);
    const free = await page('/tags?kind=patient_badge&in_use=false&label=EQ-L');
    expect(free.total).toBe(3);
    const worn = await page('/tags?kind=patient_badge&in_use=true&limit=200');
    expect(worn.total).toBeGreaterThan(20);
    expect(worn.items.some((tag) => String(tag.label).startsWith('EQ-L'))).toBe(false);
    expect((await admin('GET', '/tags?kind=wristband')).status).toBe(400);
  });

  it('keeps a tag someone wears: TAG_IS_IN_USE for a delete and for a change of kind', async () => {
    const tag = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'EQ-W1' }));
    expect((await admit({ badge_id: tag.badge_id })).status).toBe(201);
    expect((await admin('GET', `/tags/${tag.id}`)).body).toMatchObject({ in_use: true });
    expectError(
      await admin('DELETE', `/tags/${tag.id}`),
      409,
      'TAG_IS_IN_USE',
      'This Tag is currently in use.',
    );
    expectError(
      await admin('PATCH', `/tags/${tag.id}`, { kind: 'asset_tag' }),
      409,
      'TAG_IS_IN_USE',
      'This Tag is currently in use.',
    );
    // A relabel is fine.
    expect((await admin('PATCH', `/tags/${tag.id}`, { label: 'EQ-W1b' })).status).toBe(200);
  });

  it('removes a tag a finished visit wore; the visit forgets it', async () => {
    const tag = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'EQ-F1' }));
    const visit = (await admit({ badge_id: tag.badge_id })).body as Row;
    expect((await admin('POST', `/visits/${visit.id}/complete`)).status).toBeLessThan(300);
    expect((await admin('DELETE', `/tags/${tag.id}`)).status).toBe(204);
    expect(
      (await sql.query('SELECT tag_id, badge_id FROM visits WHERE id = $1', [visit.id])).rows[0],
    ).toEqual({
      tag_id: null,
      badge_id: null,
    });
  });

  it('refuses a label used twice (DUPLICATE_KEY) and an unknown kind', async () => {
    await created(admin('POST', '/tags', { kind: 'asset_tag', label: 'EQ-D1' }));
    expectError(
      await admin('POST', '/tags', { kind: 'asset_tag', label: 'EQ-D1' }),
      409,
      'DUPLICATE_KEY',
      'Tag with label "EQ-D1" already exists.',
    );
    expect(await admin('POST', '/tags', { kind: 'wristband', label: 'EQ-D2' })).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'kind' } },
    });
  });
});

describe('sensors', () => {
  it('creates, reads, pages by location, changes and deletes sensors', async () => {
    const [a, b] = [location(0), location(1)];
    const one = await created(
      admin('POST', '/sensors', { identifier: 'EQ-S1', name: 'Door', location_id: a.id }),
    );
    expect(one).toMatchObject({ identifier: 'EQ-S1', name: 'Door', location_id: a.id });
    await created(admin('POST', '/sensors', { identifier: 'EQ-S2', name: 'Bed', location_id: a.id }));
    await created(admin('POST', '/sensors', { identifier: 'EQ-S3', name: 'Ceiling', location_id: b.id }));
    const inA = await page(`/sensors?location_id=${a.id}&limit=1`);
    // Each demo location has its own sensor too ("<location> sensor", FEED-04), named after these.
    expect(inA.total).toBe(3);
    expect(inA.items.map((sensor) => sensor.name)).toEqual(['Bed']);
    expect((await page(`/sensors?location_id=${a.id}&limit=1&offset=1`)).items.map((s) => s.name)).toEqual([
      'Door',
    ]);
    expect(await admin('GET', `/sensors/${one.id}`)).toEqual({ status: 200, body: one });
    expect(await admin('PATCH', `/sensors/${one.id}`, { location_id: b.id, name: 'Door 2' })).toMatchObject({
      status: 200,
      body: { id: one.id, location_id: b.id, name: 'Door 2', identifier: 'EQ-S1' },
    });
    expect((await page(`/sensors?location_id=${b.id}`)).total).toBe(3);
    expect((await admin('DELETE', `/sensors/${one.id}`)).status).toBe(204);
    expect((await admin('GET', `/sensors/${one.id}`)).status).toBe(404);
  });

  it('SENSOR_IS_IN_USE names the identifier and the location that has it, on create and on change', async () => {
    const [a, b] = [location(2), location(3)];
    await created(admin('POST', '/sensors', { identifier: 'EQ-IR-7', name: 'Door', location_id: a.id }));
    expectError(
      await admin('POST', '/sensors', { identifier: 'EQ-IR-7', name: 'Other', location_id: b.id }),
      409,
      'SENSOR_IS_IN_USE',
      `Sensor EQ-IR-7 already exists in ${a.name}.`,
    );
    const other = await created(
      admin('POST', '/sensors', { identifier: 'EQ-IR-8', name: 'Other', location_id: b.id }),
    );
    expectError(
      await admin('PATCH', `/sensors/${other.id}`, { identifier: 'EQ-IR-7' }),
      409,
      'SENSOR_IS_IN_USE',
      `Sensor EQ-IR-7 already exists in ${a.name}.`,
    );
    // Its own identifier again is no conflict.
    expect((await admin('PATCH', `/sensors/${other.id}`, { identifier: 'EQ-IR-8' })).status).toBe(200);
  });

  it('refuses a location the customer does not have', async () => {
    expectError(
      await admin('POST', '/sensors', { identifier: 'EQ-S9', name: 'x', location_id: 999_999 }),
      422,
      'NO_MASTER_ENTITY_FOUND',
      'Location with location_id "999999" not found.',
    );
  });
});

describe('asset types', () => {
  it('creates, reads, pages by name, renames and deletes an asset type', async () => {
    const type = await created(admin('POST', '/asset-types', { name: 'EQ Bladder Scanner' }));
    expect(await admin('GET', `/asset-types/${type.id}`)).toEqual({ status: 200, body: type });
    const all = await page('/asset-types?limit=200');
    const names = all.items.map((t) => String(t.name));
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect((await page('/asset-types?limit=2&offset=1')).items).toEqual(all.items.slice(1, 3));
    expect(await admin('PATCH', `/asset-types/${type.id}`, { name: 'EQ Scanner' })).toMatchObject({
      status: 200,
      body: { id: type.id, name: 'EQ Scanner' },
    });
    expectError(
      await admin('POST', '/asset-types', { name: 'EQ Scanner' }),
      409,
      'DUPLICATE_KEY',
      'Asset type with name "EQ Scanner" already exists.',
    );
    expect((await admin('DELETE', `/asset-types/${type.id}`)).status).toBe(204);
    expect((await admin('GET', `/asset-types/${type.id}`)).status).toBe(404);
  });

  it('ASSET_TYPE_IS_IN_USE while an asset or a PAR level has the type', async () => {
    const withAsset = await created(admin('POST', '/asset-types', { name: 'EQ Vein Finder' }));
    await created(admin('POST', '/assets', { name: 'EQ Vein Finder 1', asset_type_id: withAsset.id }));
    expectError(
      await admin('DELETE', `/asset-types/${withAsset.id}`),
      409,
      'ASSET_TYPE_IS_IN_USE',
      "Can't complete action: Asset type is in use.",
    );
    const withPar = await created(admin('POST', '/asset-types', { name: 'EQ Lift' }));
    await created(
      admin('POST', `/locations/${location(0).id}/par-levels`, { asset_type_id: withPar.id, min: 0, max: 1 }),
    );
    expectError(
      await admin('DELETE', `/asset-types/${withPar.id}`),
      409,
      'ASSET_TYPE_IS_IN_USE',
      "Can't complete action: Asset type is in use.",
    );
  });
});

describe('assets', () => {
  it('creates, reads, filters, changes and deletes assets; the PAR boards of their places change', async () => {
    const type = await created(admin('POST', '/asset-types', { name: 'EQ Pump' }));
    const parLocation = (
      await sql.query("SELECT location_id FROM par_levels WHERE customer_id = 'demo' ORDER BY id LIMIT 1")
    ).rows[0].location_id as number;
    const tag = await created(admin('POST', '/tags', { kind: 'asset_tag', label: 'EQ-AT1' }));
    const asset = await created(
      admin('POST', '/assets', {
        name: 'EQ Pump 1',
        asset_type_id: type.id,
        tag_id: tag.id,
        location_id: parLocation,
      }),
    );
    expect(asset).toMatchObject({
      name: 'EQ Pump 1',
      asset_type_id: type.id,
      tag_id: tag.id,
      location_id: parLocation,
    });
    expect(await lastChange('asset')).toMatchObject({
      entity_id: asset.id,
      action: 'insert',
      board_ids: [4],
    });
    expect((await admin('GET', `/tags/${tag.id}`)).body).toMatchObject({ in_use: true });
    await created(admin('POST', '/assets', { name: 'EQ Pump 2', asset_type_id: type.id }));
    await created(admin('POST', '/assets', { name: 'EQ Pump 0', asset_type_id: type.id }));

    const ofType = await page(`/assets?asset_type_id=${type.id}&limit=2`);
    expect(ofType.total).toBe(3);
    expect(ofType.items.map((a) => a.name)).toEqual(['EQ Pump 0', 'EQ Pump 1']);
    const here = await page(`/assets?asset_type_id=${type.id}&location_id=${parLocation}`);
    expect(here.items.map((a) => a.id)).toEqual([asset.id]);
    expect(await admin('GET', `/assets/${asset.id}`)).toEqual({ status: 200, body: asset });

    const elsewhere = locations.find((l) => l.id !== parLocation)?.id;
    const moved = await admin('PATCH', `/assets/${asset.id}`, { location_id: elsewhere, tag_id: null });
    expect(moved).toMatchObject({ status: 200, body: { location_id: elsewhere, tag_id: null } });
    expect(await lastChange('asset')).toMatchObject({ entity_id: asset.id, action: 'update' });
    expect((await lastChange('asset')).board_ids).toContain(4);
    expect(await admin('PUT', `/assets/${asset.id}/location`, { location_id: parLocation })).toEqual({
      status: 200,
      body: { id: asset.id, location_id: parLocation },
    });
    expect((await admin('DELETE', `/assets/${asset.id}`)).status).toBe(204);
    expect(await lastChange('asset')).toMatchObject({
      entity_id: asset.id,
      action: 'delete',
      board_ids: [4],
    });
    expect((await admin('GET', `/assets/${asset.id}`)).status).toBe(404);
  });

  it('takes only an asset tag no other asset has', async () => {
    const type = await created(admin('POST', '/asset-types', { name: 'EQ Monitor' }));
    const badge = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'EQ-AB1' }));
    expect(
      await admin('POST', '/assets', { name: 'EQ Monitor 1', asset_type_id: type.id, tag_id: badge.id }),
    ).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'tag_id' }, message: 'tag_id is not valid.' },
    });
    const tag = await created(admin('POST', '/tags', { kind: 'asset_tag', label: 'EQ-AT2' }));
    await created(admin('POST', '/assets', { name: 'EQ Monitor 1', asset_type_id: type.id, tag_id: tag.id }));
    expectError(
      await admin('POST', '/assets', { name: 'EQ Monitor 2', asset_type_id: type.id, tag_id: tag.id }),
      409,
      'TAG_IS_IN_USE',
      'This Tag is currently in use.',
    );
    const second = await created(admin('POST', '/assets', { name: 'EQ Monitor 3', asset_type_id: type.id }));
    expectError(
      await admin('PATCH', `/assets/${second.id}`, { tag_id: tag.id }),
      409,
      'TAG_IS_IN_USE',
      'This Tag is currently in use.',
    );
    expectError(
      await admin('POST', '/assets', { name: 'EQ Monitor 4', asset_type_id: 999_999 }),
      422,
      'NO_MASTER_ENTITY_FOUND',
      'Asset type with asset_type_id "999999" not found.',
    );
  });
});

describe('PAR levels', () => {
  it('lists a location’s PAR levels, adds one, and refuses one twice with the PAR text', async () => {
    const at = location(5);
    const type = await created(admin('POST', '/asset-types', { name: 'EQ Wheelchair' }));
    const before = await page(`/locations/${at.id}/par-levels`);
    const level = await created(
      admin('POST', `/locations/${at.id}/par-levels`, { asset_type_id: type.id, min: 2, max: 4 }),
    );
    expect(level).toMatchObject({ location_id: at.id, asset_type_id: type.id, min: 2, max: 4 });
    expect(await lastChange('par_level')).toMatchObject({ entity_id: level.id, action: 'insert' });
    const after = await page(`/locations/${at.id}/par-levels`);
    expect(after.total).toBe(before.total + 1);
    const typeIds = after.items.map((l) => Number(l.asset_type_id));
    expect(typeIds).toEqual([...typeIds].sort((x, y) => x - y));
    expect((await page(`/locations/${at.id}/par-levels?limit=1`)).items).toEqual(after.items.slice(0, 1));

    expectError(
      await admin('POST', `/locations/${at.id}/par-levels`, { asset_type_id: type.id, min: 1, max: 1 }),
      409,
      'DUPLICATE_KEY',
      'These PAR levels already exists.',
    );
    const row = { asset_type_id: type.id, min: 1, max: 2 };
    expectError(
      await admin('PUT', `/locations/${at.id}/par-levels`, { levels: [row, row] }),
      409,
      'DUPLICATE_KEY',
      'These PAR levels already exists.',
    );
    // The refused PUT left the list as it was.
    expect((await page(`/locations/${at.id}/par-levels`)).total).toBe(after.total);
    expect(await admin('PUT', `/locations/${at.id}/par-levels`, { levels: [row] })).toMatchObject({
      status: 200,
      body: [{ location_id: at.id, ...row }],
    });
  });

  it('answers 404 for a location the customer does not have', async () => {
    expectError(
      await admin('GET', '/locations/999999/par-levels'),
      404,
      'ENTITY_NOT_FOUND',
      'Location with id 999999 was not found.',
    );
    expect(
      (await admin('POST', '/locations/999999/par-levels', { asset_type_id: 1, min: 0, max: 1 })).status,
    ).toBe(404);
  });
});

describe('a visit’s badge', () => {
  it('puts a badge on, a tag (with its badge) instead, and takes it off; the boards hear of each', async () => {
    const visit = (await admit()).body as Row;
    const badge = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'EQ-V1' }));
    expect(await admin('PUT', `/visits/${visit.id}/badge`, { badge_id: badge.badge_id })).toEqual({
      status: 200,
      body: { id: visit.id, badge_id: badge.badge_id, tag_id: badge.id },
    });
    expect(await lastChange('visit')).toMatchObject({ entity_id: visit.id, action: 'update' });
    const board = (
      await sql.query('SELECT board_ids FROM change_log WHERE entity = $1 ORDER BY version DESC LIMIT 1', [
        'visit',
      ])
    ).rows[0];
    expect(board.board_ids).toContain(1);

    const tag = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'EQ-V2' }));
    expect(await admin('PUT', `/visits/${visit.id}/badge`, { tag_id: tag.id })).toEqual({
      status: 200,
      body: { id: visit.id, badge_id: tag.badge_id, tag_id: tag.id },
    });
    // The first badge is free again.
    expect((await admin('GET', `/tags/${badge.id}`)).body).toMatchObject({ in_use: false });
    expect(await admin('PUT', `/visits/${visit.id}/badge`, null)).toEqual({
      status: 200,
      body: { id: visit.id, badge_id: null, tag_id: null },
    });
  });

  it('TAG_IS_IN_USE names a Badge when a badge was asked for, a Tag when a tag was', async () => {
    const tag = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'EQ-U1' }));
    expect((await admit({ badge_id: tag.badge_id })).status).toBe(201);
    const other = (await admit()).body as Row;
    expectError(
      await admin('PUT', `/visits/${other.id}/badge`, { badge_id: tag.badge_id }),
      409,
      'TAG_IS_IN_USE',
      'This Badge is currently in use.',
    );
    expectError(
      await admin('PUT', `/visits/${other.id}/badge`, { tag_id: tag.id }),
      409,
      'TAG_IS_IN_USE',
      'This Tag is currently in use.',
    );
    expectError(await admit({ tag_id: tag.id }), 409, 'TAG_IS_IN_USE', 'This Tag is currently in use.');
    // A staff member's badge is in use too.
    const staffBadge = (
      await sql.query(
        "SELECT badge_id FROM staff WHERE customer_id = 'demo' AND badge_id IS NOT NULL LIMIT 1",
      )
    ).rows[0].badge_id;
    expectError(
      await admin('PUT', `/visits/${other.id}/badge`, { badge_id: staffBadge }),
      409,
      'TAG_IS_IN_USE',
      'This Badge is currently in use.',
    );
  });

  it('TAG_IS_NON_REPORTING for a tag silent longer than the customer’s window; a tag never seen is fine', async () => {
    const silent = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'EQ-N1' }));
    await sql.query("UPDATE tags SET last_seen_at = now() - interval '11 minutes' WHERE id = $1", [
      silent.id,
    ]);
    const visit = (await admit()).body as Row;
    const nonReporting = 'This Tag is non-reporting. Please select a different one.';
    expectError(
      await admin('PUT', `/visits/${visit.id}/badge`, { badge_id: silent.badge_id }),
      409,
      'TAG_IS_NON_REPORTING',
      nonReporting,
    );
    expectError(await admit({ badge_id: silent.badge_id }), 409, 'TAG_IS_NON_REPORTING', nonReporting);
    // The window is the customer's setting: an hour makes eleven minutes fine.
    await sql.query("UPDATE customers SET tag_non_reporting_sec = 3600 WHERE id = 'demo'");
    try {
      expect((await admin('PUT', `/visits/${visit.id}/badge`, { badge_id: silent.badge_id })).status).toBe(
        200,
      );
    } finally {
      await sql.query("UPDATE customers SET tag_non_reporting_sec = 600 WHERE id = 'demo'");
    }
    const fresh = await created(admin('POST', '/tags', { kind: 'patient_badge', label: 'EQ-N2' }));
    await sql.query('UPDATE tags SET last_seen_at = now() WHERE id = $1', [fresh.id]);
    expect((await admit({ badge_id: fresh.badge_id })).status).toBe(201);
  });

  it('TAG_HAS_LOW_BATTERY for a tag whose battery is low; a staff badge or an asset tag is not a patient’s', async () => {
    const weak = await created(
      admin('POST', '/tags', { kind: 'patient_badge', label: 'EQ-B1', battery_low: true }),
    );
    const visit = (await admit()).body as Row;
    const low = 'This Tag has a low battery. Please select a different one.';
    expectError(
      await admin('PUT', `/visits/${visit.id}/badge`, { badge_id: weak.badge_id }),
      409,
      'TAG_HAS_LOW_BATTERY',
      low,
    );
    expectError(await admit({ tag_id: weak.id }), 409, 'TAG_HAS_LOW_BATTERY', low);
    const staffBadge = await created(admin('POST', '/tags', { kind: 'staff_badge', label: 'EQ-B2' }));
    expect(await admin('PUT', `/visits/${visit.id}/badge`, { badge_id: staffBadge.badge_id })).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'badge_id' } },
    });
    const assetTag = await created(admin('POST', '/tags', { kind: 'asset_tag', label: 'EQ-B3' }));
    expect(await admin('PUT', `/visits/${visit.id}/badge`, { tag_id: assetTag.id })).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'tag_id' } },
    });
  });

  it('answers 404 for a visit not found and refuses a finished one', async () => {
    expect((await admin('PUT', '/visits/999999/badge', null)).status).toBe(404);
    const visit = (await admit()).body as Row;
    await admin('POST', `/visits/${visit.id}/complete`);
    expect(await admin('PUT', `/visits/${visit.id}/badge`, null)).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID' },
    });
  });
});

describe('scopes', () => {
  it('needs read:tags to read tags and sensors, access:mm for equipment, write:* to change them', async () => {
    const mm = await apiClient(server, await accessToken(server, { scope: 'access:mm', sub: 'eq-mm' }));
    const tagsReader = await apiClient(
      server,
      await accessToken(server, { scope: 'read:tags', sub: 'eq-tags' }),
    );
    const forbidden = { status: 403, body: { code: 'FORBIDDEN' } };
    expect(await mm('GET', '/tags')).toMatchObject(forbidden);
    expect(await mm('GET', '/sensors')).toMatchObject(forbidden);
    expect(await tagsReader('GET', '/assets')).toMatchObject(forbidden);
    expect(await tagsReader('GET', '/asset-types')).toMatchObject(forbidden);
    expect(await tagsReader('GET', `/locations/${location(0).id}/par-levels`)).toMatchObject(forbidden);
    expect((await tagsReader('GET', '/tags')).status).toBe(200);
    expect((await mm('GET', '/assets')).status).toBe(200);
    expect(await tagsReader('POST', '/tags', { kind: 'asset_tag', label: 'EQ-X' })).toMatchObject(forbidden);
    expect(await mm('POST', '/asset-types', { name: 'EQ X' })).toMatchObject(forbidden);
    expect(
      await mm('POST', `/locations/${location(0).id}/par-levels`, { asset_type_id: 1, min: 0, max: 1 }),
    ).toMatchObject(forbidden);
    expect(await tagsReader('PUT', '/visits/1/badge', null)).toMatchObject(forbidden);
  });
});

describe("another customer's ids", () => {
  it('are not found, and cannot be referenced', async () => {
    const demoTag = (await sql.query("SELECT id FROM tags WHERE customer_id = 'demo' ORDER BY id LIMIT 1"))
      .rows[0].id;
    const demoBadge = (
      await sql.query("SELECT id FROM badges WHERE customer_id = 'demo' ORDER BY id LIMIT 1")
    ).rows[0].id;
    const demoAsset = (
      await sql.query("SELECT id, asset_type_id FROM assets WHERE customer_id = 'demo' ORDER BY id LIMIT 1")
    ).rows[0];
    const demoVisit = (
      await sql.query("SELECT id FROM visits WHERE customer_id = 'demo' AND completed_at IS NULL LIMIT 1")
    ).rows[0].id;
    const demoSensor = await created(
      admin('POST', '/sensors', { identifier: 'EQ-ISO', name: 'x', location_id: location(0).id }),
    );

    expect((await bravo('GET', '/tags')).body).toMatchObject({ total: 0, items: [] });
    expect((await bravo('GET', '/assets')).body).toMatchObject({ total: 0 });
    expect((await bravo('GET', '/sensors')).body).toMatchObject({ total: 0 });
    expect((await bravo('GET', '/asset-types')).body).toMatchObject({ total: 0 });
    expectError(
      await bravo('GET', `/tags/${demoTag}`),
      404,
      'ENTITY_NOT_FOUND',
      `Tag with id ${demoTag} was not found.`,
    );
    expectError(
      await bravo('PATCH', `/tags/${demoTag}`, { label: 'hijack' }),
      404,
      'ENTITY_NOT_FOUND',
      `Tag with id ${demoTag} was not found.`,
    );
    expect((await bravo('DELETE', `/tags/${demoTag}`)).status).toBe(404);
    expect((await bravo('GET', `/sensors/${demoSensor.id}`)).status).toBe(404);
    expect((await bravo('DELETE', `/sensors/${demoSensor.id}`)).status).toBe(404);
    expect((await bravo('GET', `/assets/${demoAsset.id}`)).status).toBe(404);
    expect((await bravo('PATCH', `/assets/${demoAsset.id}`, { name: 'hijack' })).status).toBe(404);
    expect((await bravo('DELETE', `/asset-types/${demoAsset.asset_type_id}`)).status).toBe(404);
    expect((await bravo('GET', `/locations/${location(0).id}/par-levels`)).status).toBe(404);
    expect((await bravo('PUT', `/visits/${demoVisit}/badge`, null)).status).toBe(404);

    expectError(
      await bravo('POST', '/assets', { name: 'B1', asset_type_id: demoAsset.asset_type_id }),
      422,
      'NO_MASTER_ENTITY_FOUND',
      `Asset type with asset_type_id "${demoAsset.asset_type_id}" not found.`,
    );
    expectError(
      await bravo('POST', '/sensors', { identifier: 'B-S1', name: 'x', location_id: location(0).id }),
      422,
      'NO_MASTER_ENTITY_FOUND',
      `Location with location_id "${location(0).id}" not found.`,
    );
    const type = await created(bravo('POST', '/asset-types', { name: 'Bravo Pump' }));
    expectError(
      await bravo('POST', '/assets', { name: 'B2', asset_type_id: type.id, tag_id: demoTag }),
      422,
      'NO_MASTER_ENTITY_FOUND',
      `Tag with tag_id "${demoTag}" not found.`,
    );
    expectError(
      await bravo('POST', '/visits', {
        first_name: 'B',
        last_name: 'B',
        workflow_id: workflowId,
        badge_id: demoBadge,
      }),
      422,
      'NO_MASTER_ENTITY_FOUND',
      `Workflow with workflow_id "${workflowId}" not found.`,
    );
    expect((await admin('GET', `/tags/${demoTag}`)).status).toBe(200);
  });

  it('never answered 500', () => {
    expect(
      server.logs.filter((line) => Number(line.status) >= 500 || line.msg === 'unexpected error'),
    ).toEqual([]);
  });
});
