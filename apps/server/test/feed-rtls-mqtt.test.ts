/**
 * RTLS sightings through a real mosquitto broker (decisions FEED-22, FEED-34): a batch published to
 * careboard/demo/sightings moves a visit (by a rule) and an asset; a batch of 1,000 applies the rules
 * (staff with the patient, a PAR count) and changes nothing the second time; a garbage payload is stored
 * as an error and the server keeps working; the subscription closes with the app.
 */
import { connectAsync, type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from './live-clients.ts';
import { startMosquitto, type TestMosquitto } from './mosquitto.ts';
import {
  batchBody,
  CUSTOMER,
  insertFreeTags,
  sensorsInEveryLocation,
  stateOf,
  type TestSighting,
} from './rtls-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let broker: TestMosquitto;
let server: TestServer;
let sql: pg.Client;
let publisher: MqttClient;
let sensors: Map<number, string>;

const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const one = async <T>(text: string, params: unknown[] = []) => (await sql.query(text, params)).rows[0] as T;
const messageCount = async () =>
  (await one<{ n: number }>("SELECT count(*)::int AS n FROM feed_messages WHERE transport = 'mqtt'")).n;
/** Deliveries: stored messages and their repeats (FEED-56). */
const DELIVERIES =
  "SELECT (count(*) + coalesce(sum(repeats), 0))::int AS n FROM feed_messages WHERE transport = 'mqtt'";
const deliveries = async () => (await one<{ n: number }>(DELIVERIES)).n;

/** Waits (polling the store) until `count` of what `query` counts is there. */
async function counted(query: string, count: number, what: string): Promise<void> {
  let done = 0;
  const poll = async () => {
    done = Number((await one<{ n: number | string }>(query)).n);
  };
  const until = Date.now() + 10_000;
  for (await poll(); done < count; await poll()) {
    if (Date.now() > until) throw new Error(`only ${done} of ${count} ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the feed has settled `count` MQTT messages in all, their repeats counted (FEED-56). */
const settled = (count: number) =>
  counted(`${DELIVERIES} AND status <> 'received'`, count, 'MQTT messages settled');

/** Messages for no known customer, as counted (FEED-57). */
const UNKNOWN_CUSTOMER_MESSAGES =
  "SELECT coalesce((SELECT messages FROM feed_unknown_customers WHERE feed = 'rtls' AND transport = 'mqtt'), 0) AS n";

beforeAll(async () => {
  broker = await startMosquitto();
  server = await startTestServer({ env: { MQTT_URL: broker.url } });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  sensors = await sensorsInEveryLocation(sql, 'MQ-S-');
  publisher = await connectAsync(broker.url, { clientId: 'vendor-test' });
  // Published before the broker has the subscription, a message would reach no one.
  await waitUntil(() => server.logs.some((line) => line.msg === 'RTLS sightings: subscribed'));
});
afterAll(async () => {
  await publisher?.endAsync();
  await sql?.end();
  await server?.close();
  await broker?.stop();
});

describe('sightings by MQTT', () => {
  it('moves a visit by a rule and an asset, as the webhook does', async () => {
    const visit = await one<{ id: number; phase_id: number; workflow_id: number; label: string }>(
      `SELECT v.id, v.phase_id, v.workflow_id, t.label FROM visits v JOIN tags t ON t.id = v.tag_id
        WHERE v.customer_id = $1 AND v.completed_at IS NULL ORDER BY v.id DESC LIMIT 1`,
      [CUSTOMER],
    );
    const place = await one<{ id: number }>(
      "SELECT id FROM locations WHERE customer_id = $1 AND name = 'East Hallway'",
      [CUSTOMER],
    );
    const phase = await one<{ id: number }>(
      'SELECT id FROM phases WHERE workflow_id = $1 AND id <> $2 ORDER BY position LIMIT 1',
      [visit.workflow_id, visit.phase_id],
    );
    await sql.query(
      'INSERT INTO feed_rules (customer_id, workflow_id, location_id, phase_id) VALUES ($1, $2, $3, $4)',
      [CUSTOMER, visit.workflow_id, place.id, phase.id],
    );
    const asset = await one<{ id: number; label: string; location_id: number | null }>(
      `SELECT a.id, t.label, a.location_id FROM assets a JOIN tags t ON t.id = a.tag_id
        WHERE a.customer_id = $1 AND a.location_id IS DISTINCT FROM $2 ORDER BY a.id LIMIT 1`,
      [CUSTOMER, place.id],
    );
    const sensor = sensors.get(place.id) ?? '';
    await publisher.publishAsync(
      `careboard/${CUSTOMER}/sightings`,
      batchBody([
        { event_id: 'm-1', tag: visit.label, sensor, seen_at: at(1_000) },
        { event_id: 'm-2', tag: asset.label, sensor, seen_at: at(1_000), battery_low: false },
        { event_id: 'm-3', tag: 'MQ-UNKNOWN', sensor, seen_at: at(1_000) },
      ]),
      { qos: 1 },
    );
    await settled(1);
    expect(await one('SELECT phase_id, location_id FROM visits WHERE id = $1', [visit.id])).toEqual({
      phase_id: phase.id,
      location_id: place.id,
    });
    expect(await one('SELECT location_id FROM assets WHERE id = $1', [asset.id])).toEqual({
      location_id: place.id,
    });
    expect(
      await one(
        "SELECT status, transport, item_count, unknown_count FROM feed_messages WHERE transport = 'mqtt' ORDER BY id DESC LIMIT 1",
      ),
    ).toEqual({ status: 'applied', transport: 'mqtt', item_count: 3, unknown_count: 1 });
    const audited = await one<{ route: string }>(
      "SELECT route FROM audit_events WHERE actor = 'feed:rtls' AND entity = 'visits' AND entity_id = $1",
      [String(visit.id)],
    );
    expect(audited.route).toBe('MQTT careboard/+/sightings');
  });

  it('applies a batch of 1,000 (a rule, staff with the patient, a PAR count), and the same batch again changes nothing', async () => {
    const visit = await one<{ id: number; workflow_id: number; phase_id: number; label: string }>(
      `SELECT v.id, v.workflow_id, v.phase_id, t.label FROM visits v JOIN tags t ON t.id = v.tag_id
        WHERE v.customer_id = $1 AND v.completed_at IS NULL ORDER BY v.id LIMIT 1`,
      [CUSTOMER],
    );
    const place = await one<{ id: number }>(
      "SELECT id FROM locations WHERE customer_id = $1 AND name = 'Lab Draw'",
      [CUSTOMER],
    );
    const phase = await one<{ id: number }>(
      'SELECT id FROM phases WHERE workflow_id = $1 AND id <> $2 ORDER BY position DESC LIMIT 1',
      [visit.workflow_id, visit.phase_id],
    );
    await sql.query(
      'INSERT INTO feed_rules (customer_id, workflow_id, location_id, phase_id) VALUES ($1, $2, $3, $4)',
      [CUSTOMER, visit.workflow_id, place.id, phase.id],
    );
    const staff = await one<{ id: number; label: string }>(
      `SELECT s.id, t.label FROM staff s JOIN badges b ON b.id = s.badge_id JOIN tags t ON t.id = b.tag_id
        WHERE s.customer_id = $1 ORDER BY s.id DESC LIMIT 1`,
      [CUSTOMER],
    );
    const par = await one<{ location_id: number; asset_type_id: number }>(
      'SELECT location_id, asset_type_id FROM par_levels WHERE customer_id = $1 ORDER BY id DESC LIMIT 1',
      [CUSTOMER],
    );
    const countAt = async () =>
      (
        await one<{ n: number }>(
          'SELECT count(*)::int AS n FROM assets WHERE location_id = $1 AND asset_type_id = $2',
          [par.location_id, par.asset_type_id],
        )
      ).n;
    const asset = await one<{ id: number; label: string }>(
      `SELECT a.id, t.label FROM assets a JOIN tags t ON t.id = a.tag_id
        WHERE a.customer_id = $1 AND a.asset_type_id = $2 AND a.location_id IS DISTINCT FROM $3 ORDER BY a.id LIMIT 1`,
      [CUSTOMER, par.asset_type_id, par.location_id],
    );
    const parBefore = await countAt();
    const fillers = await insertFreeTags(sql, 'MQ-F-', 996);
    const locations = [...sensors.keys()];
    const sightings: TestSighting[] = [
      { event_id: 'b-v', tag: visit.label, sensor: sensors.get(place.id) ?? '', seen_at: at(1_000) },
      { event_id: 'b-s', tag: staff.label, sensor: sensors.get(place.id) ?? '', seen_at: at(1_000) },
      { event_id: 'b-a', tag: asset.label, sensor: sensors.get(par.location_id) ?? '', seen_at: at(1_000) },
      ...fillers.map((tag, i) => ({
        event_id: `b-f-${i}`,
        tag: tag.label,
        sensor: sensors.get(locations[i % locations.length] ?? 0) ?? '',
        seen_at: at(2_000),
      })),
      { event_id: 'b-u', tag: 'MQ-NOPE', sensor: sensors.get(place.id) ?? '', seen_at: at(1_000) },
    ];
    expect(sightings).toHaveLength(1_000);
    const body = batchBody(sightings);
    const before = await deliveries();
    await publisher.publishAsync(`careboard/${CUSTOMER}/sightings`, body, { qos: 1 });
    await settled(before + 1);
    expect(await one('SELECT phase_id, location_id FROM visits WHERE id = $1', [visit.id])).toEqual({
      phase_id: phase.id,
      location_id: place.id,
    });
    const withPatient = await sql.query('SELECT staff_id FROM visit_staff WHERE visit_id = $1', [visit.id]);
    expect(withPatient.rows.map((row) => row.staff_id)).toContain(staff.id);
    expect(await countAt()).toBe(parBefore + 1);
    expect(
      await one(
        "SELECT status, item_count, unknown_count FROM feed_messages WHERE transport = 'mqtt' ORDER BY id DESC LIMIT 1",
      ),
    ).toEqual({ status: 'applied', item_count: 1000, unknown_count: 1 });

    const state = await stateOf(sql);
    const rows = await messageCount();
    await publisher.publishAsync(`careboard/${CUSTOMER}/sightings`, body, { qos: 1 });
    await settled(before + 2);
    expect(await stateOf(sql)).toEqual(state);
    // The same bytes again are a count on the stored row, not a second megabyte (FEED-56).
    expect(await messageCount()).toBe(rows);
    expect(
      await one("SELECT repeats FROM feed_messages WHERE transport = 'mqtt' ORDER BY id DESC LIMIT 1"),
    ).toEqual({ repeats: 1 });
  });

  it('stores a garbage payload as an error with its reason, and keeps working', async () => {
    const before = await deliveries();
    await publisher.publishAsync(`careboard/${CUSTOMER}/sightings`, 'this is not json {', { qos: 1 });
    await publisher.publishAsync(`careboard/${CUSTOMER}/sightings`, JSON.stringify({ sightings: 'many' }), {
      qos: 1,
    });
    await publisher.publishAsync(`careboard/${CUSTOMER}/sightings`, Buffer.from([0xff, 0x00, 0xfe]), {
      qos: 1,
    });
    await settled(before + 3);
    const rows = (
      await sql.query(
        "SELECT customer_id, status, reason FROM feed_messages WHERE transport = 'mqtt' ORDER BY id DESC LIMIT 3",
      )
    ).rows.reverse();
    expect(rows).toEqual([
      { customer_id: CUSTOMER, status: 'error', reason: 'body is not valid.' },
      { customer_id: CUSTOMER, status: 'error', reason: 'sightings is not valid.' },
      { customer_id: CUSTOMER, status: 'error', reason: 'body is not valid text' },
    ]);

    // Still subscribed and applying.
    const tag = await one<{ label: string }>(
      "SELECT label FROM tags WHERE customer_id = $1 AND kind = 'asset_tag' ORDER BY id DESC LIMIT 1",
      [CUSTOMER],
    );
    const sensor = [...sensors.values()][0] ?? '';
    await publisher.publishAsync(
      `careboard/${CUSTOMER}/sightings`,
      batchBody([{ event_id: 'after', tag: tag.label, sensor, seen_at: at(0) }]),
      { qos: 1 },
    );
    await settled(before + 4);
    const seen = await one<{ sensor: string }>(
      'SELECT s.identifier AS sensor FROM tags t JOIN sensors s ON s.id = t.sensor_id WHERE t.label = $1',
      [tag.label],
    );
    expect(seen.sensor).toBe(sensor);
    // The broker's address is never logged (it may hold a password).
    expect(JSON.stringify(server.logs)).not.toContain(broker.url);
  });

  it("keeps no row for a message on an unknown customer's topic: it is counted, and said once a minute (FEED-57)", async () => {
    const rows = await messageCount();
    const before = Number((await one<{ n: string }>(UNKNOWN_CUSTOMER_MESSAGES)).n);
    const body = batchBody([{ event_id: 'nobody-1', tag: 'T-1', sensor: 'S-1', seen_at: at(0) }]);
    for (const customer of ['nobody-here', 'nobody-here', 'nor-here'])
      await publisher.publishAsync(`careboard/${customer}/sightings`, body, { qos: 1 });
    await counted(UNKNOWN_CUSTOMER_MESSAGES, before + 3, 'messages for no known customer counted');
    expect(await messageCount()).toBe(rows);
    expect(
      await one(
        "SELECT last_customer FROM feed_unknown_customers WHERE feed = 'rtls' AND transport = 'mqtt'",
      ),
    ).toEqual({ last_customer: 'nor-here' });
    // Rate-limited: the first message of the minute is said, the others only counted.
    const said = server.logs.filter(
      (line) => line.msg === 'RTLS sightings: messages for no known customer, counted and not kept',
    );
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ level: 40, messages: 1, customer: 'nobody-here' });
  });
});
