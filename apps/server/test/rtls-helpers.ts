import { type BoardContentField, type BoardFrame, boardContentSubscription } from '@careboard/contracts';
import type pg from 'pg';
import { signatureHeader } from '../src/feeds/rtls/signature.ts';
import { apiClient } from './api-client.ts';
import { graphqlClient } from './live-clients.ts';
import type { TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

export const CUSTOMER = 'demo';

export interface TestSighting {
  event_id: string;
  tag: string;
  sensor: string;
  seen_at: string;
  battery_low?: boolean;
  battery_percent?: number;
}

/** An admin's token for the demo customer (write:* holds setting.write; update:customer* the secret, IDN-20). */
export function adminToken(server: TestServer): Promise<string> {
  return accessToken(server, {
    scope: 'write:* read:* write:patients read:patients update:customer*',
    sub: 'rtls-admin',
  });
}

/** Makes (or rotates) the demo customer's webhook secret as an admin does; returns the answer. */
export async function makeSecret(
  server: TestServer,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const call = await apiClient(server, await adminToken(server));
  const answer = await call('POST', '/feeds/rtls/secret', {});
  return { status: answer.status, body: answer.body as Record<string, unknown> };
}

export interface PostOptions {
  readonly customer?: string;
  /** When the sender signed: now unless given. */
  readonly signedAtMs?: number;
  /** A header to send instead of the right one (null: none at all). */
  readonly signature?: string | null;
}

/** POSTs a body to the webhook as a vendor does: signed, no token, no XSRF cookie. */
export async function postSightings(
  server: TestServer,
  secret: string,
  body: string,
  options: PostOptions = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const signature =
    options.signature === undefined ? signatureHeader(secret, body, options.signedAtMs) : options.signature;
  const response = await fetch(
    `${server.baseUrl}/api/feeds/rtls/sightings?customer=${encodeURIComponent(options.customer ?? CUSTOMER)}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-careboard-signature': signature }),
      },
      body,
    },
  );
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export function batchBody(sightings: readonly TestSighting[], batchId?: string): string {
  return JSON.stringify({ ...(batchId ? { batch_id: batchId } : {}), sightings });
}

/** A sensor of our own in every demo location: location id → identifier. */
export async function sensorsInEveryLocation(sql: pg.Client, prefix: string): Promise<Map<number, string>> {
  const { rows } = await sql.query<{ location_id: number; identifier: string }>(
    `INSERT INTO sensors (customer_id, identifier, name, location_id)
     SELECT customer_id, $2 || id, name || ' ' || $2, id FROM locations WHERE customer_id = $1
     RETURNING location_id, identifier`,
    [CUSTOMER, prefix],
  );
  return new Map(rows.map((row) => [row.location_id, row.identifier]));
}

/** New tags of a kind, labelled `<prefix><n>`, not worn by anyone. */
export async function insertFreeTags(sql: pg.Client, prefix: string, count: number, kind = 'patient_badge') {
  const { rows } = await sql.query<{ id: number; label: string }>(
    `INSERT INTO tags (customer_id, label, kind)
     SELECT $1, $2 || lpad(g::text, 5, '0'), $4 FROM generate_series(1, $3::int) g
     RETURNING id, label`,
    [CUSTOMER, prefix, count, kind],
  );
  return rows;
}

type Row = { key: string; type: string } & Record<string, unknown>;
export type Frame = BoardFrame<Row>;

/** A board's frames as they arrive, over the board's own GraphQL subscription. */
export function followBoard(server: TestServer, token: string, field: BoardContentField, boardId: number) {
  const frames: Frame[] = [];
  const client = graphqlClient(server, () => token);
  const stop = client.subscribe<Record<string, string>>(
    { query: boardContentSubscription(field), variables: { displayBoardId: boardId, sinceVersion: null } },
    {
      next: (value) => {
        const text = value.data?.[field];
        if (text) frames.push(JSON.parse(text) as Frame);
      },
      error: () => {},
      complete: () => {},
    },
  );
  return {
    frames,
    /** The rows the screen holds after every frame so far. */
    rows: () => {
      const rows = new Map<string, Row>();
      for (const frame of frames) {
        if (frame.kind === 'snapshot') rows.clear();
        for (const key of frame.removed) rows.delete(key);
        for (const row of frame.upserts) rows.set(row.key, row);
      }
      return rows;
    },
    close: async () => {
      stop();
      await client.dispose();
    },
  };
}

/** What a batch may change, to compare before and after a duplicate. */
export async function stateOf(sql: pg.Client) {
  const version = await sql.query(
    "SELECT max(version)::text AS v FROM change_log WHERE customer_id = 'demo'",
  );
  const visits = await sql.query(
    `SELECT v.id, v.phase_id, v.location_id, v.phase_entered_at,
            array(SELECT staff_id FROM visit_staff s WHERE s.visit_id = v.id ORDER BY staff_id) AS staff
       FROM visits v WHERE v.customer_id = 'demo' ORDER BY v.id`,
  );
  const tags = await sql.query(
    "SELECT id, last_seen_at, location_id, sensor_id, battery_low FROM tags WHERE customer_id = 'demo' ORDER BY id",
  );
  const assets = await sql.query("SELECT id, location_id FROM assets WHERE customer_id = 'demo' ORDER BY id");
  return { version: version.rows[0]?.v as string, visits: visits.rows, tags: tags.rows, assets: assets.rows };
}
