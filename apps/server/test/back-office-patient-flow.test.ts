import { boardContentSubscription } from '@careboard/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { graphqlClient, waitUntil } from './live-clients.ts';
import { startWithSecondCustomer } from './second-customer.ts';
import type { TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

type Client = Awaited<ReturnType<typeof apiClient>>;
interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}
interface VisitItem {
  id: number;
  workflow_id: number;
  phase_id: number;
  location_id: number | null;
  arrived_at: string;
  completed_at: string | null;
  [key: string]: unknown;
}
interface MessageItem {
  id: number;
  text: string;
  display_board_id: number | null;
  active: boolean;
}

const VISIT_KEYS = [
  'arrived_at',
  'badge_id',
  'badge_label',
  'completed_at',
  'display_name',
  'family_code',
  'id',
  'location_id',
  'phase_entered_at',
  'phase_id',
  'staff_ids',
  'station_id',
  'tag_id',
  'workflow_id',
];

let server: TestServer;
let sql: pg.Client;
let reader: Client;
let securable: Client;
let auditor: Client;
let writer: Client;
let bravo: Client;

beforeAll(async () => {
  ({ server, sql } = await startWithSecondCustomer());
  const as = async (scope: string, sub: string, org_id = 'org_demo') =>
    apiClient(server, await accessToken(server, { scope, sub, org_id }));
  reader = await as('read:patients', 'reader@demo.test');
  securable = await as('read:securable', 'desk@demo.test');
  auditor = await as('update:customer*', 'admin@demo.test');
  writer = await as('read:patients write:patients', 'nurse@demo.test');
  bravo = await as(
    'read:patients read:securable write:patients read:sites read:stations',
    'admin@bravo.test',
    'org_bravo',
  );
});
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

const codeOf = (answer: ApiAnswer) => (answer.body as { code?: string }).code;

async function rows<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await sql.query(query, params)).rows as T[];
}

async function one<T>(query: string, params: unknown[] = []): Promise<T> {
  const [row] = await rows<T>(query, params);
  if (!row) throw new Error(`no row: ${query}`);
  return row;
}

/** A GET answered as text (the CSV exports), with its headers. */
async function getText(path: string, scope: string, org_id = 'org_demo') {
  const token = await accessToken(server, { scope, org_id, sub: 'it@demo.test' });
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  // Decoded keeping a byte-order mark: response.text() would drop it silently.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, text };
}

async function auditReads(
  visitId?: number,
): Promise<Page<{ entity_id: string; actor: string; route: string }>> {
  const query = visitId === undefined ? '' : `&entity_id=${visitId}`;
  const answer = await auditor('GET', `/audit-events?entity=visits&action=read&limit=200${query}`);
  expect(answer.status).toBe(200);
  return answer.body as Page<{ entity_id: string; actor: string; route: string }>;
}

describe('GET /visits: patient flow without names', () => {
  it('lists every visit in progress, oldest arrival first, with no first or last name anywhere', async () => {
    const active = await rows<{ id: number; first_name: string; last_name: string }>(
      "SELECT id, first_name, last_name FROM visits WHERE customer_id = 'demo' AND completed_at IS NULL ORDER BY arrived_at, id",
    );
    expect(active.length).toBeGreaterThan(3);
    const answer = await reader('GET', '/visits?limit=200');
    expect(answer.status).toBe(200);
    const page = answer.body as Page<VisitItem>;
    expect(page.total).toBe(active.length);
    expect(page.items.map((visit) => visit.id)).toEqual(active.map((visit) => visit.id));
    for (const visit of page.items) {
      expect(Object.keys(visit).sort()).toEqual(VISIT_KEYS);
      expect(visit.completed_at).toBeNull();
    }
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain('first_name');
    expect(text).not.toContain('last_name');
    for (const visit of active) expect(text).not.toContain(`"${visit.last_name}"`);
  });

  it('pages without overlap and says how many there are', async () => {
    const all = ((await reader('GET', '/visits?limit=200')).body as Page<VisitItem>).items.map((v) => v.id);
    const first = (await reader('GET', '/visits?limit=2&offset=0')).body as Page<VisitItem>;
    const second = (await reader('GET', '/visits?limit=2&offset=2')).body as Page<VisitItem>;
    expect(first).toMatchObject({ limit: 2, offset: 0, total: all.length });
    expect([...first.items, ...second.items].map((visit) => visit.id)).toEqual(all.slice(0, 4));
    expect(codeOf(await reader('GET', '/visits?limit=201'))).toBe('IS_NOT_VALID');
  });

  it('filters by workflow, phase and location', async () => {
    const [sample] = await rows<{ workflow_id: number; phase_id: number; location_id: number }>(
      "SELECT workflow_id, phase_id, location_id FROM visits WHERE customer_id = 'demo' AND completed_at IS NULL AND location_id IS NOT NULL ORDER BY id LIMIT 1",
    );
    if (!sample) throw new Error('the demo has a visit in a location');
    for (const [filter, value] of Object.entries(sample)) {
      const { count } = await one<{ count: string }>(
        `SELECT count(*) FROM visits WHERE customer_id = 'demo' AND completed_at IS NULL AND ${filter} = $1`,
        [value],
      );
      const page = (await reader('GET', `/visits?${filter}=${value}&limit=200`)).body as Page<VisitItem>;
      expect(page.total).toBe(Number(count));
      expect(page.items.length).toBe(Number(count));
      for (const visit of page.items) expect(visit[filter]).toBe(value);
    }
    expect((await reader('GET', '/visits?workflow_id=2147483647')).body).toMatchObject({
      total: 0,
      items: [],
    });
  });

  it('reads one visit, a completed one too, without names', async () => {
    const [visit] = await rows<{ id: number }>(
      "SELECT id FROM visits WHERE customer_id = 'demo' AND completed_at IS NULL ORDER BY id DESC LIMIT 1",
    );
    if (!visit) throw new Error('the demo has a visit in progress');
    expect((await writer('POST', `/visits/${visit.id}/complete`)).status).toBe(200);
    const answer = await reader('GET', `/visits/${visit.id}`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body as object).sort()).toEqual(VISIT_KEYS);
    expect((answer.body as VisitItem).completed_at).toEqual(expect.any(String));
    const list = (await reader('GET', '/visits?limit=200')).body as Page<VisitItem>;
    expect(list.items.map((item) => item.id)).not.toContain(visit.id);
  });

  it('needs read:patients', async () => {
    expect(await securable('GET', '/visits')).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });
});

describe('GET /securable/visits: names, each read audited', () => {
  it("answers a patient's names and leaves an audit event naming who, which visit and the route", async () => {
    const [visit] = await rows<{ id: number; first_name: string; last_name: string }>(
      "SELECT id, first_name, last_name FROM visits WHERE customer_id = 'demo' AND completed_at IS NULL ORDER BY id LIMIT 1",
    );
    if (!visit) throw new Error('the demo has a visit in progress');
    expect((await auditReads(visit.id)).total).toBe(0);
    const answer = await securable('GET', `/securable/visits/${visit.id}`);
    expect(answer).toMatchObject({
      status: 200,
      body: { id: visit.id, first_name: visit.first_name, last_name: visit.last_name },
    });
    const events = await auditReads(visit.id);
    expect(events.total).toBe(1);
    expect(events.items[0]).toMatchObject({
      actor: 'desk@demo.test',
      entity_id: String(visit.id),
      route: 'GET /api/securable/visits/:id',
    });
  });

  it('is FORBIDDEN without read:securable, and nothing is logged as read', async () => {
    const before = (await auditReads()).total;
    const [visit] = await rows<{ id: number }>("SELECT id FROM visits WHERE customer_id = 'demo' LIMIT 1");
    expect(await reader('GET', `/securable/visits/${visit?.id}`)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await reader('GET', '/securable/visits')).toMatchObject({ status: 403 });
    expect((await auditReads()).total).toBe(before);
  });

  it("lists a workflow's patients with names, one audit event per patient returned", async () => {
    const { workflow_id } = await one<{ workflow_id: number }>(
      "SELECT workflow_id FROM visits WHERE customer_id = 'demo' AND completed_at IS NULL GROUP BY workflow_id ORDER BY count(*) DESC LIMIT 1",
    );
    const expected = await rows<{ id: number; last_name: string }>(
      "SELECT id, last_name FROM visits WHERE customer_id = 'demo' AND completed_at IS NULL AND workflow_id = $1 ORDER BY arrived_at, id LIMIT 3",
      [workflow_id],
    );
    const before = (await auditReads()).total;
    const answer = await securable('GET', `/securable/visits?workflow_id=${workflow_id}&limit=3`);
    expect(answer.status).toBe(200);
    const page = answer.body as Page<{ id: number; last_name: string; workflow_id: number }>;
    expect(page.items.map(({ id, last_name }) => ({ id, last_name }))).toEqual(expected);
    const events = await auditReads();
    expect(events.total).toBe(before + expected.length);
    expect(
      events.items
        .slice(0, expected.length)
        .map((event) => Number(event.entity_id))
        .sort((a, b) => a - b),
    ).toEqual(expected.map((visit) => visit.id).sort((a, b) => a - b));
    expect(events.items[0]?.route).toBe('GET /api/securable/visits');
  });
});

describe('messages', () => {
  it('lists newest first, filters by board and by being active, and deletes one so the boards drop it', async () => {
    const [board] = await rows<{ id: number }>(
      "SELECT id FROM display_boards WHERE customer_id = 'demo' ORDER BY id LIMIT 1",
    );
    if (!board) throw new Error('the demo has boards');
    await sql.query(
      "INSERT INTO messages (customer_id, sender_type, text, created_at, expires_at) VALUES ('demo', 1, 'Old news', now() - interval '2 hours', now() - interval '1 hour')",
    );
    const first = await writer('POST', '/messages', {
      text: 'Clinic closes at 5',
      display_board_id: board.id,
    });
    const second = await writer('POST', '/messages', { text: 'Flu shots in room 2' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const [firstId, secondId] = [first.body, second.body].map((body) => (body as { id: number }).id);

    const all = (await reader('GET', '/messages')).body as Page<MessageItem>;
    expect(all.items.slice(0, 2).map((message) => message.id)).toEqual([secondId, firstId]);
    expect(all.items.find((message) => message.text === 'Old news')).toMatchObject({ active: false });

    const onBoard = (await reader('GET', `/messages?display_board_id=${board.id}`)).body as Page<MessageItem>;
    expect(onBoard.items.map((message) => message.id)).toContain(firstId);
    expect(onBoard.items.every((message) => message.display_board_id === board.id)).toBe(true);
    const active = (await reader('GET', '/messages?active=true&limit=200')).body as Page<MessageItem>;
    expect(active.items.every((message) => message.active)).toBe(true);
    const expiredIds = await rows<{ id: number }>(
      "SELECT id FROM messages WHERE customer_id = 'demo' AND expires_at <= now() ORDER BY created_at DESC, id DESC",
    );
    const expired = (await reader('GET', '/messages?active=false&limit=200')).body as Page<MessageItem>;
    expect(expired.items.map((message) => message.id)).toEqual(expiredIds.map((message) => message.id));
    expect(expired.items.map((message) => message.text)).toContain('Old news');
    expect(codeOf(await reader('GET', '/messages?active=yes'))).toBe('IS_NOT_VALID');

    expect(await reader('DELETE', `/messages/${firstId}`)).toMatchObject({ status: 403 });
    expect(await bravo('DELETE', `/messages/${firstId}`)).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND' },
    });
    expect((await writer('DELETE', `/messages/${firstId}`)).status).toBe(204);
    const after = (await reader('GET', '/messages?limit=200')).body as Page<MessageItem>;
    expect(after.items.map((message) => message.id)).not.toContain(firstId);
    expect(after.total).toBe(all.total - 1);
    const [change] = await rows<{ board_ids: number[] | null }>(
      "SELECT board_ids FROM change_log WHERE customer_id = 'demo' AND entity = 'message' AND entity_id = $1 AND action = 'delete'",
      [firstId],
    );
    expect(change?.board_ids).toEqual([board.id]);
    expect(await writer('DELETE', `/messages/${firstId}`)).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND', message: `Message with id ${firstId} was not found.` },
    });
  });
});

describe('a deleted message on a screen', () => {
  it('leaves the patient board live, without a reload', async () => {
    const [board] = await rows<{ id: number }>(
      "SELECT id FROM display_boards WHERE customer_id = 'demo' AND display_board_type_id = 3 ORDER BY id LIMIT 1",
    );
    if (!board) throw new Error('the demo has a patient board');
    const token = await accessToken(server);
    const client = graphqlClient(server, () => token);
    const shown = new Set<string>();
    const stop = client.subscribe<{ patientBoard: string }>(
      { query: boardContentSubscription('patientBoard'), variables: { displayBoardId: board.id } },
      {
        next: (value) => {
          const frame = JSON.parse(value.data?.patientBoard ?? '{}') as {
            kind: string;
            removed: string[];
            upserts: { key: string }[];
          };
          if (frame.kind === 'snapshot') shown.clear();
          for (const key of frame.removed ?? []) shown.delete(key);
          for (const row of frame.upserts ?? []) shown.add(row.key);
        },
        error: () => {},
        complete: () => {},
      },
    );
    try {
      const posted = await writer('POST', '/messages', {
        text: 'Lift out of order',
        display_board_id: board.id,
      });
      const key = `message:${(posted.body as { id: number }).id}`;
      await waitUntil(() => shown.has(key));
      expect((await writer('DELETE', `/messages/${(posted.body as { id: number }).id}`)).status).toBe(204);
      await waitUntil(() => !shown.has(key));
    } finally {
      stop();
      await client.dispose();
    }
  });
});

describe('CSV exports', () => {
  beforeAll(async () => {
    await sql.query(
      `INSERT INTO sites (customer_id, name, default_timezone) VALUES ('demo', '=HYPERLINK("http://evil.test","x")', 'America/Chicago')`,
    );
    const location = await sql.query(
      `INSERT INTO locations (customer_id, name, kind) VALUES ('demo', 'Ward "A", east', 'room') RETURNING id`,
    );
    await sql.query("INSERT INTO stations (customer_id, location_id, name) VALUES ('demo', $1, '@SUM(1)')", [
      location.rows[0].id,
    ]);
  });

  it('answers the sites as a CSV attachment: a header row, one row per site, formulas defused', async () => {
    const sites = await rows<{ id: number }>("SELECT id FROM sites WHERE customer_id = 'demo' ORDER BY id");
    const answer = await getText('/export/sites', 'read:sites');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sites-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.text.startsWith('\uFEFF')).toBe(true);
    const lines = answer.text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('id,name,default_timezone,departments,created_at');
    expect(lines.length).toBe(sites.length + 1);
    expect(lines.at(-1)).toMatch(
      /^\d+,"'=HYPERLINK\(""http:\/\/evil\.test"",""x""\)",America\/Chicago,0,\d{4}-/,
    );
  });

  it('answers the locations with their stations, quoting what needs quoting', async () => {
    const answer = await getText('/export/locations', 'read:stations');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="locations-.*\.csv"$/);
    const lines = answer.text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('id,name,kind,stations,station_names');
    expect(lines.at(-1)).toMatch(/^\d+,"Ward ""A"", east",room,1,'@SUM\(1\)$/);
  });

  it('needs read:sites and read:stations, and shows one customer only its own', async () => {
    expect((await getText('/export/sites', 'read:stations')).status).toBe(403);
    expect((await getText('/export/locations', 'read:sites')).status).toBe(403);
    const other = await getText('/export/sites', 'read:sites', 'org_bravo');
    expect(other.text).toBe('\uFEFFid,name,default_timezone,departments,created_at\r\n');
  });
});

describe('another customer', () => {
  it("never sees the demo's visits, names or messages", async () => {
    const [visit] = await rows<{ id: number }>("SELECT id FROM visits WHERE customer_id = 'demo' LIMIT 1");
    const id = visit?.id;
    expect(await bravo('GET', '/visits')).toMatchObject({ status: 200, body: { total: 0, items: [] } });
    expect(await bravo('GET', `/visits/${id}`)).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND', params: { entity: 'Visit', id } },
    });
    expect(await bravo('GET', `/securable/visits/${id}`)).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND' },
    });
    expect(await bravo('GET', '/securable/visits')).toMatchObject({ status: 200, body: { total: 0 } });
    expect(await bravo('GET', '/messages')).toMatchObject({ status: 200, body: { total: 0, items: [] } });
    const { count } = await one<{ count: string }>(
      "SELECT count(*) FROM audit_events WHERE customer_id = 'bravo' AND action = 'read'",
    );
    expect(Number(count)).toBe(0);
  });
});
