/**
 * RTLS sightings by signed webhook (decisions FEED-22 to FEED-36): a signed batch of 1,000 sightings
 * applies the rules (a visit moves phase by a rule, a staff badge joins the patient, an asset
 * moves and the PAR count follows) and the boards show it; a bad signature is 401, a replay
 * outside the window is refused, a duplicate batch changes nothing, an unknown tag is counted.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from '../src/feeds/rtls/signature.ts';
import { apiClient } from './api-client.ts';
import { waitUntil } from './live-clients.ts';
import {
  adminToken,
  batchBody,
  CUSTOMER,
  followBoard,
  insertFreeTags,
  makeSecret,
  postSightings,
  sensorsInEveryLocation,
  stateOf,
  type TestSighting,
} from './rtls-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

let server: TestServer;
let sql: pg.Client;
let secret: string;
let boardToken: string;
let sensors: Map<number, string>;

/** What the big batch is about: its visit, staff member, asset and place. */
let plan: {
  visit: { id: number; phase_id: number; label: string };
  rulePhase: number;
  place: { id: number; name: string };
  staff: { id: number; display_name: string; label: string };
  asset: { id: number; label: string };
  parRow: { location_id: number; count: number };
};
let bigBatch: string;

const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const one = async <T>(text: string, params: unknown[] = []) => (await sql.query(text, params)).rows[0] as T;

beforeAll(async () => {
  server = await startTestServer();
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  boardToken = await accessToken(server);
  const made = await makeSecret(server);
  expect(made.status).toBe(201);
  secret = String(made.body.secret);
  sensors = await sensorsInEveryLocation(sql, 'WH-S-');

  const visit = await one<{ id: number; phase_id: number; workflow_id: number; label: string }>(
    `SELECT v.id, v.phase_id, v.workflow_id, t.label FROM visits v
       JOIN tags t ON t.id = v.tag_id
       JOIN display_board_workflows w ON w.workflow_id = v.workflow_id AND w.display_board_id = 1
      WHERE v.customer_id = $1 AND v.completed_at IS NULL ORDER BY v.id LIMIT 1`,
    [CUSTOMER],
  );
  const place = await one<{ id: number; name: string }>(
    "SELECT id, name FROM locations WHERE customer_id = $1 AND name = 'Lab Draw'",
    [CUSTOMER],
  );
  const rulePhase = await one<{ id: number }>(
    'SELECT id FROM phases WHERE workflow_id = $1 AND id <> $2 ORDER BY position DESC LIMIT 1',
    [visit.workflow_id, visit.phase_id],
  );
  // A rule for the place itself: it wins over any rule for the place's kind.
  await sql.query(
    'INSERT INTO feed_rules (customer_id, workflow_id, location_id, phase_id) VALUES ($1, $2, $3, $4)',
    [CUSTOMER, visit.workflow_id, place.id, rulePhase.id],
  );
  const staff = await one<{ id: number; display_name: string; label: string }>(
    `SELECT s.id, s.display_name, t.label FROM staff s
       JOIN badges b ON b.id = s.badge_id JOIN tags t ON t.id = b.tag_id
      WHERE s.customer_id = $1 ORDER BY s.id LIMIT 1`,
    [CUSTOMER],
  );
  const parRow = await one<{ location_id: number; asset_type_id: number; count: number }>(
    `SELECT p.location_id, p.asset_type_id,
            (SELECT count(*)::int FROM assets a WHERE a.location_id = p.location_id AND a.asset_type_id = p.asset_type_id) AS count
       FROM par_levels p WHERE p.customer_id = $1 ORDER BY p.id LIMIT 1`,
    [CUSTOMER],
  );
  const asset = await one<{ id: number; label: string }>(
    `SELECT a.id, t.label FROM assets a JOIN tags t ON t.id = a.tag_id
      WHERE a.customer_id = $1 AND a.asset_type_id = $2 AND a.location_id IS DISTINCT FROM $3
      ORDER BY a.id LIMIT 1`,
    [CUSTOMER, parRow.asset_type_id, parRow.location_id],
  );
  plan = {
    visit,
    rulePhase: rulePhase.id,
    place,
    staff,
    asset,
    parRow: { location_id: parRow.location_id, count: parRow.count },
  };

  // 1,000 sightings: the visit's badge (newest at the ruled place, two older elsewhere), a staff
  // badge at the same place, an asset tag at a PAR location, 990 other tags, 5 unknown.
  const fillers = await insertFreeTags(sql, 'WH-F-', 990);
  const locations = [...sensors.keys()];
  const elsewhere = sensors.get(locations.find((id) => id !== place.id) ?? 0) ?? '';
  const sightings: TestSighting[] = [
    { event_id: 'v-old-1', tag: visit.label, sensor: elsewhere, seen_at: at(60_000) },
    { event_id: 'v-new', tag: visit.label, sensor: sensors.get(place.id) ?? '', seen_at: at(1_000) },
    { event_id: 'v-old-2', tag: visit.label, sensor: elsewhere, seen_at: at(30_000), battery_percent: 90 },
    { event_id: 's-1', tag: staff.label, sensor: sensors.get(place.id) ?? '', seen_at: at(2_000) },
    { event_id: 'a-1', tag: asset.label, sensor: sensors.get(parRow.location_id) ?? '', seen_at: at(1_500) },
    ...fillers.map((tag, i) => ({
      event_id: `f-${i}`,
      tag: tag.label,
      sensor: sensors.get(locations[i % locations.length] ?? 0) ?? '',
      seen_at: at(3_000),
      battery_percent: 80,
    })),
    { event_id: 'u-1', tag: 'WH-NOPE-1', sensor: elsewhere, seen_at: at(1_000) },
    { event_id: 'u-2', tag: 'WH-NOPE-2', sensor: elsewhere, seen_at: at(1_000) },
    { event_id: 'u-3', tag: 'WH-NOPE-3', sensor: elsewhere, seen_at: at(1_000) },
    { event_id: 'u-4', tag: fillers[0]?.label ?? '', sensor: 'NO-SUCH-SENSOR', seen_at: at(500) },
    { event_id: 'u-5', tag: fillers[1]?.label ?? '', sensor: 'NO-SUCH-SENSOR', seen_at: at(500) },
  ];
  expect(sightings).toHaveLength(1_000);
  bigBatch = batchBody(sightings);
});
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

describe('a signed batch of 1,000 sightings', () => {
  it('applies the rules, and the workflow and PAR boards show them', async () => {
    const workflowBoard = followBoard(server, boardToken, 'workflowBoard', 1);
    const parBoard = followBoard(server, boardToken, 'assetsBoard', 4);
    await waitUntil(() => workflowBoard.frames.length === 1 && parBoard.frames.length === 1);
    const assetType = await one<{ asset_type_id: number }>('SELECT asset_type_id FROM assets WHERE id = $1', [
      plan.asset.id,
    ]);
    const parRowOf = () =>
      [...parBoard.rows().values()].find(
        (r) => r.location_id === plan.parRow.location_id && r.asset_type_id === assetType.asset_type_id,
      );
    expect(parRowOf()?.count).toBe(plan.parRow.count);

    const started = performance.now();
    const answer = await postSightings(server, secret, bigBatch);
    const ms = performance.now() - started;
    // biome-ignore lint/suspicious/noConsole: the run's figure, printed for whoever reads its output.
    console.info(`feed-rtls-webhook: one batch of 1,000 sightings stored and applied in ${ms.toFixed(0)} ms`);
    expect(answer).toEqual({ status: 200, body: { received: 1000, applied: 993, unknown: 5, stale: 2 } });

    // The visit moved to the rule's phase, at the place, with the staff member whose badge is there.
    const visit = await one<{ phase_id: number; location_id: number; staff: number[] }>(
      `SELECT phase_id, location_id, array(SELECT staff_id FROM visit_staff WHERE visit_id = v.id) AS staff
         FROM visits v WHERE id = $1`,
      [plan.visit.id],
    );
    expect(visit.phase_id).toBe(plan.rulePhase);
    expect(visit.location_id).toBe(plan.place.id);
    expect(visit.staff).toContain(plan.staff.id);
    const asset = await one<{ location_id: number }>('SELECT location_id FROM assets WHERE id = $1', [
      plan.asset.id,
    ]);
    expect(asset.location_id).toBe(plan.parRow.location_id);

    await waitUntil(() => {
      const row = workflowBoard.rows().get(`visit:${plan.visit.id}`);
      return row?.phase_id === plan.rulePhase && row.location_name === plan.place.name;
    });
    const row = workflowBoard.rows().get(`visit:${plan.visit.id}`);
    expect(((row?.staff ?? []) as { display_name: string }[]).map((s) => s.display_name)).toContain(
      plan.staff.display_name,
    );
    await waitUntil(() => parRowOf()?.count === plan.parRow.count + 1);
    await Promise.all([workflowBoard.close(), parBoard.close()]);

    // Stored, settled, and each automatic change audited with the feed as actor.
    const message = await one<Record<string, unknown>>(
      "SELECT status, transport, item_count, unknown_count, message_type FROM feed_messages WHERE feed = 'rtls' ORDER BY id DESC LIMIT 1",
    );
    expect(message).toEqual({
      status: 'applied',
      transport: 'webhook',
      item_count: 1000,
      unknown_count: 5,
      message_type: 'sightings',
    });
    const audited = (
      await sql.query(
        "SELECT entity, entity_id, actor_kind, route FROM audit_events WHERE actor = 'feed:rtls' ORDER BY id",
      )
    ).rows;
    expect(audited).toContainEqual({
      entity: 'visits',
      entity_id: String(plan.visit.id),
      actor_kind: 'feed',
      route: 'POST /api/feeds/rtls/sightings',
    });
    expect(audited).toContainEqual({
      entity: 'assets',
      entity_id: String(plan.asset.id),
      actor_kind: 'feed',
      route: 'POST /api/feeds/rtls/sightings',
    });
    // The newest sighting won; an older one from later in the batch did not.
    const tag = await one<{ location_id: number }>('SELECT location_id FROM tags WHERE label = $1', [
      plan.visit.label,
    ]);
    expect(tag.location_id).toBe(plan.place.id);
  });

  it('changes nothing when the same batch comes again, signed afresh', async () => {
    const before = await stateOf(sql);
    const answer = await postSightings(server, secret, bigBatch);
    expect(answer).toEqual({ status: 200, body: { received: 1000, applied: 0, unknown: 5, stale: 995 } });
    expect(await stateOf(sql)).toEqual(before);
  });

  it('applies a batch id once: sent again, even with other contents, nothing changes', async () => {
    const [tag] = await insertFreeTags(sql, 'WH-ONCE-', 1);
    const sensor = [...sensors.values()][0] ?? '';
    const first = batchBody(
      [{ event_id: 'o-1', tag: tag?.label ?? '', sensor, seen_at: at(10_000) }],
      'batch-42',
    );
    expect((await postSightings(server, secret, first)).body).toMatchObject({ applied: 1 });
    const before = await stateOf(sql);
    const again = batchBody(
      [{ event_id: 'o-2', tag: tag?.label ?? '', sensor, seen_at: at(1_000) }],
      'batch-42',
    );
    expect(await postSightings(server, secret, again)).toEqual({
      status: 200,
      body: { received: 1, applied: 0, unknown: 0, stale: 1 },
    });
    expect(await stateOf(sql)).toEqual(before);
  });

  it('counts sightings of unknown tags and sensors without failing the batch', async () => {
    const body = batchBody([
      { event_id: 'x-1', tag: 'NO-SUCH-TAG', sensor: [...sensors.values()][0] ?? '', seen_at: at(0) },
      { event_id: 'x-2', tag: plan.staff.label, sensor: 'NO-SUCH-SENSOR', seen_at: at(0) },
    ]);
    expect(await postSightings(server, secret, body)).toEqual({
      status: 200,
      body: { received: 2, applied: 0, unknown: 2, stale: 0 },
    });
  });
});

describe('a batch sent again (FEED-56)', () => {
  const REPLAYS = 5;
  const rows = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM feed_messages')).n;
  const copiesOf = (body: string) =>
    one<{ copies: number; repeats: number; repeated_lately: boolean }>(
      `SELECT count(*)::int AS copies, max(repeats) AS repeats,
              bool_and(last_repeat_at > now() - interval '1 minute') AS repeated_lately
         FROM feed_messages WHERE body = $1`,
      [body],
    );

  it('is a count on its stored row, not a copy: one signed batch replayed 5 times leaves one row with 5 repeats', async () => {
    const [tag] = await insertFreeTags(sql, 'WH-REP-', 1);
    const sensor = [...sensors.values()][2] ?? '';
    const body = batchBody([{ event_id: 'r-1', tag: tag?.label ?? '', sensor, seen_at: at(5_000) }]);
    expect(await postSightings(server, secret, body)).toEqual({
      status: 200,
      body: { received: 1, applied: 1, unknown: 0, stale: 0 },
    });
    const before = { rows: await rows(), state: await stateOf(sql) };
    for (let i = 0; i < REPLAYS; i += 1) {
      // Signed afresh, inside the replay window: what a replaying sender sends. Answered as ever (FEED-33).
      expect(await postSightings(server, secret, body)).toEqual({
        status: 200,
        body: { received: 1, applied: 0, unknown: 0, stale: 1 },
      });
    }
    expect(await rows()).toBe(before.rows);
    expect(await stateOf(sql)).toEqual(before.state);
    expect(await copiesOf(body)).toEqual({ copies: 1, repeats: REPLAYS, repeated_lately: true });
  });

  it('counts a repeated batch id and a repeated refused body the same way', async () => {
    const [tag] = await insertFreeTags(sql, 'WH-REP-ID-', 1);
    const sensor = [...sensors.values()][2] ?? '';
    const withId = batchBody(
      [{ event_id: 'ri-1', tag: tag?.label ?? '', sensor, seen_at: at(5_000) }],
      'rep-7',
    );
    const refused = JSON.stringify({
      sightings: [{ event_id: 'rb-1', tag: 'x', sensor: 'y', seen_at: 'soon' }],
    });
    expect((await postSightings(server, secret, withId)).body).toMatchObject({ applied: 1 });
    expect((await postSightings(server, secret, refused)).status).toBe(400);
    const before = await rows();
    for (let i = 0; i < REPLAYS; i += 1) {
      expect((await postSightings(server, secret, withId)).body).toMatchObject({ applied: 0, stale: 1 });
      expect(await postSightings(server, secret, refused)).toEqual({
        status: 400,
        body: expect.objectContaining({ code: 'IS_NOT_VALID', params: { field: 'sightings.0.seen_at' } }),
      });
    }
    expect(await rows()).toBe(before);
    expect(await copiesOf(withId)).toEqual({ copies: 1, repeats: REPLAYS, repeated_lately: true });
    expect(await copiesOf(refused)).toEqual({ copies: 1, repeats: REPLAYS, repeated_lately: true });
  });
});

describe('the signature', () => {
  const body = () =>
    batchBody([
      { event_id: 'sig-1', tag: plan.visit.label, sensor: [...sensors.values()][1] ?? '', seen_at: at(0) },
    ]);
  const stored = async () =>
    Number((await one<{ n: number }>("SELECT count(*)::int AS n FROM feed_messages WHERE feed = 'rtls'")).n);

  it('is required and must match: else 401, and nothing is stored', async () => {
    const count = await stored();
    const unauthorized = { status: 401, body: expect.objectContaining({ code: 'UNAUTHORIZED' }) };
    expect(await postSightings(server, secret, body(), { signature: null })).toEqual(unauthorized);
    expect(await postSightings(server, 'f'.repeat(64), body())).toEqual(unauthorized);
    expect(await postSightings(server, secret, body(), { signature: 'v1=nonsense' })).toEqual(unauthorized);
    // Signed for one body, sent with another.
    const signed = signatureHeader(secret, body());
    expect(await postSightings(server, secret, `${body()} `, { signature: signed })).toEqual(unauthorized);
    expect(await stored()).toBe(count);
  });

  it('refuses a timestamp 6 minutes old (a replay outside the window) with 401', async () => {
    const answer = await postSightings(server, secret, body(), { signedAtMs: Date.now() - 6 * 60_000 });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHORIZED');
  });

  it('answers an unknown customer, or one without a secret, as a bad signature', async () => {
    const answer = await postSightings(server, secret, body(), { customer: 'no-such-customer' });
    expect(answer).toEqual({ status: 401, body: expect.objectContaining({ code: 'UNAUTHORIZED' }) });
  });

  it('checks the body once the signature holds: a bad one is 400 naming the field, kept for review', async () => {
    const bad = JSON.stringify({
      sightings: [{ event_id: 'b-1', tag: 'x', sensor: 'y', seen_at: 'yesterday' }],
    });
    expect(await postSightings(server, secret, bad)).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'IS_NOT_VALID', params: { field: 'sightings.0.seen_at' } }),
    });
    const message = await one<{ status: string; reason: string; body: string }>(
      "SELECT status, reason, body FROM feed_messages WHERE feed = 'rtls' ORDER BY id DESC LIMIT 1",
    );
    expect(message).toEqual({ status: 'error', reason: 'sightings.0.seen_at is not valid.', body: bad });
  });
});

describe('the secret', () => {
  it('is shown once: a GET says only whether there is one and when it was made', async () => {
    const call = await apiClient(server, await adminToken(server));
    const status = await call('GET', '/feeds/rtls/secret');
    expect(status.status).toBe(200);
    expect(Object.keys(status.body as object).sort()).toEqual(['created_at', 'exists']);
    expect(status.body).toMatchObject({ exists: true });
  });

  it('needs an admin', async () => {
    const staff = await accessToken(server, { scope: 'write:patients read:patients', sub: 'nurse' });
    const call = await apiClient(server, staff);
    expect((await call('POST', '/feeds/rtls/secret', {})).status).toBe(403);
  });

  it('is audited without its value, never logged, and a rotation retires the old one', async () => {
    const rotated = await makeSecret(server);
    expect(rotated.status).toBe(201);
    const fresh = String(rotated.body.secret);
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(secret);
    const body = batchBody([]);
    expect((await postSightings(server, secret, body)).status).toBe(401);
    expect((await postSightings(server, fresh, body)).status).toBe(200);
    secret = fresh;
    const audit = (await sql.query("SELECT * FROM audit_events WHERE route = 'POST /api/feeds/rtls/secret'"))
      .rows;
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain(fresh);
    expect(JSON.stringify(server.logs)).not.toContain(fresh);
  });
});
