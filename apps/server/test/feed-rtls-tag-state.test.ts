/**
 * What sightings say of a tag decides whether a visit may wear it (decisions BOF-04, FEED-26):
 * a tag last seen 20 minutes ago (past the customer's 10-minute window) is TAG_IS_NON_REPORTING,
 * one whose sighting says its battery is low is TAG_HAS_LOW_BATTERY, and a tag seen just now
 * with a good battery is handed out. The sightings come through the signed webhook.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api-client.ts';
import {
  adminToken,
  batchBody,
  CUSTOMER,
  insertFreeTags,
  makeSecret,
  postSightings,
  sensorsInEveryLocation,
} from './rtls-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let sql: pg.Client;
let secret: string;
let call: Awaited<ReturnType<typeof apiClient>>;
let tags: Record<'silent' | 'low' | 'percent' | 'good', { id: number; label: string }>;
let visitId: number;

const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  secret = String((await makeSecret(server)).body.secret);
  call = await apiClient(server, await adminToken(server));
  const sensor = [...(await sensorsInEveryLocation(sql, 'TS-S-')).values()][0] ?? '';
  const [silent, low, percent, good] = await insertFreeTags(sql, 'TS-T-', 4);
  if (!silent || !low || !percent || !good) throw new Error('no tags');
  tags = { silent, low, percent, good };
  const answer = await postSightings(
    server,
    secret,
    batchBody([
      { event_id: '1', tag: silent.label, sensor, seen_at: at(20 * 60_000), battery_percent: 90 },
      { event_id: '2', tag: low.label, sensor, seen_at: at(1_000), battery_low: true },
      { event_id: '3', tag: percent.label, sensor, seen_at: at(1_000), battery_percent: 12 },
      { event_id: '4', tag: good.label, sensor, seen_at: at(1_000), battery_percent: 75 },
    ]),
  );
  expect(answer.body).toEqual({ received: 4, applied: 4, unknown: 0, stale: 0 });
  visitId = (
    await sql.query(
      'SELECT id FROM visits WHERE customer_id = $1 AND completed_at IS NULL ORDER BY id LIMIT 1',
      [CUSTOMER],
    )
  ).rows[0].id;
});
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

describe('badging a visit with a tag the feed reports on', () => {
  it('refuses a tag last seen past the customer window: TAG_IS_NON_REPORTING', async () => {
    const window = await sql.query('SELECT tag_non_reporting_sec FROM customers WHERE id = $1', [CUSTOMER]);
    expect(window.rows[0].tag_non_reporting_sec).toBeLessThan(20 * 60);
    const answer = await call('PUT', `/visits/${visitId}/badge`, { tag_id: tags.silent.id });
    expect(answer).toEqual({ status: 409, body: expect.objectContaining({ code: 'TAG_IS_NON_REPORTING' }) });
  });

  it('refuses a tag whose sighting says its battery is low (flag or under 20 %): TAG_HAS_LOW_BATTERY', async () => {
    for (const tag of [tags.low, tags.percent]) {
      const answer = await call('PUT', `/visits/${visitId}/badge`, { tag_id: tag.id });
      expect(answer).toEqual({ status: 409, body: expect.objectContaining({ code: 'TAG_HAS_LOW_BATTERY' }) });
    }
  });

  it('gives a tag seen just now with a good battery', async () => {
    const answer = await call('PUT', `/visits/${visitId}/badge`, { tag_id: tags.good.id });
    expect(answer).toEqual({
      status: 200,
      body: expect.objectContaining({ id: visitId, tag_id: tags.good.id }),
    });
  });

  it('lets a newer sighting lift the refusal: the silent tag reports again, its battery fine', async () => {
    const sensor = (await sql.query("SELECT identifier FROM sensors WHERE identifier LIKE 'TS-S-%' LIMIT 1"))
      .rows[0].identifier as string;
    await postSightings(
      server,
      secret,
      batchBody([{ event_id: '5', tag: tags.silent.label, sensor, seen_at: at(0), battery_percent: 90 }]),
    );
    const other = (
      await sql.query(
        'SELECT id FROM visits WHERE customer_id = $1 AND completed_at IS NULL AND id <> $2 LIMIT 1',
        [CUSTOMER, visitId],
      )
    ).rows[0].id as number;
    const answer = await call('PUT', `/visits/${other}/badge`, { tag_id: tags.silent.id });
    expect(answer.status).toBe(200);
  });
});
