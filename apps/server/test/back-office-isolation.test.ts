import {
  type BoardContentField,
  boardContentFields,
  boardContentSubscription,
  type ClientToServerEvents,
  displayBoardSubscription,
  type ServerToClientEvents,
} from '@careboard/contracts';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { graphqlClient, take } from './live-clients.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

/**
 * One customer never reaches another's data (decision API-02): every route of the
 * OpenAPI document, called with customer
 * A's token and customer B's ids, answers 404 ENTITY_NOT_FOUND or 403 and never B's data, and
 * B's rows are the same afterwards; the same for GraphQL subscriptions and socket events.
 */
const ALL_SCOPES = [
  'access:display-board',
  'access:mm',
  'write:patients',
  'write:*',
  'read:*',
  'read:sites',
  'read:departments',
  'read:stations',
  'read:staff',
  'read:tags',
  'read:kiosks',
  'read:patients',
  'read:securable',
  'update:customer*',
].join(' ');
/** Every text B's records carry, so an answer that holds one of them is B's data. */
const MARK = 'BRAVOONLY';
const B = 'bravo';

let server: TestServer;
let sql: pg.Client;
let asA: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
let asB: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
let tokenA: string;
/** A's SCIM token (IDN-30): SCIM paths take no person's token. */
let scimTokenA: string;
/** B's ids by the first segment of the path that names them (a SCIM path's: the one after /scim/v2). */
const bIds: Record<string, string | number> = {};
/** What a SCIM filter of A's would name B's User and Group by. */
const bScimNames = { userName: `${MARK.toLowerCase()}@bravo.test`, displayName: `${MARK} Nurses` };

async function made(answer: Promise<ApiAnswer>, what: string): Promise<number> {
  const settled = await answer;
  expect(settled.status, `${what}: ${JSON.stringify(settled.body)}`).toBe(201);
  return (settled.body as { id: number }).id;
}

beforeAll(async () => {
  server = await startTestServer({ env: { CAREBOARD_SIMULATOR_RATE: '0' } });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  await sql.query(
    `INSERT INTO customers (id, auth_org_id, auth_device_client_id, name) VALUES ($1, 'org_bravo', 'bravo-device', '${MARK} Hospital')`,
    [B],
  );
  const adminA = (await sql.query("SELECT id FROM accounts WHERE email = 'admin@demo.test'")).rows[0].id;
  const adminB = (
    await sql.query(
      "INSERT INTO accounts (customer_id, email, name, role, password_hash) VALUES ($1, 'boss@bravo.test', $2, 'admin', 'x') RETURNING id",
      [B, `${MARK} Boss`],
    )
  ).rows[0].id;
  tokenA = await accessToken(server, { sub: adminA, scope: ALL_SCOPES });
  asA = await apiClient(server, tokenA);
  asB = await apiClient(
    server,
    await accessToken(server, { sub: adminB, scope: ALL_SCOPES, org_id: 'org_bravo' }),
  );

  bIds.sites = await made(asB('POST', '/sites', { name: `${MARK} Site`, default_timezone: 'UTC' }), 'site');
  bIds.departments = await made(
    asB('POST', '/departments', { site_id: bIds.sites, name: `${MARK} Dept` }),
    'dept',
  );
  bIds.workflows = await made(
    asB('POST', '/workflows', { department_id: bIds.departments, name: `${MARK} Flow` }),
    'workflow',
  );
  bIds.phases = await made(
    asB('POST', `/workflows/${bIds.workflows}/phases`, {
      name: `${MARK} Phase`,
      color: '#123456',
      kind: 'waiting',
    }),
    'phase',
  );
  bIds.locations = await made(
    asB('POST', '/locations', { name: `${MARK} Room`, kind: 'exam_room' }),
    'location',
  );
  bIds.stations = await made(
    asB('POST', '/stations', { location_id: bIds.locations, name: `${MARK} Desk` }),
    'station',
  );
  const badge = await asB('POST', '/tags', { kind: 'patient_badge', label: `${MARK}-B1` });
  expect(badge.status).toBe(201);
  bIds.tags = (badge.body as { id: number }).id;
  const badgeId = (badge.body as { badge_id: number }).badge_id;
  bIds.staff = await made(
    asB('POST', '/staff', { display_name: `${MARK} Nurse`, staff_type_id: 3 }),
    'staff',
  );
  bIds.sensors = await made(
    asB('POST', '/sensors', {
      identifier: `${MARK}-S1`,
      name: `${MARK} Sensor`,
      location_id: bIds.locations,
    }),
    'sensor',
  );
  bIds['asset-types'] = await made(asB('POST', '/asset-types', { name: `${MARK} Pump` }), 'asset type');
  bIds.assets = await made(
    asB('POST', '/assets', {
      name: `${MARK} Pump 1`,
      asset_type_id: bIds['asset-types'],
      location_id: bIds.locations,
    }),
    'asset',
  );
  const par = await asB('PUT', `/locations/${bIds.locations}/par-levels`, {
    levels: [{ asset_type_id: bIds['asset-types'], min: 1, max: 3 }],
  });
  expect(par.status).toBe(200);
  bIds['display-boards'] = await made(
    asB('POST', '/display-boards', {
      name: `${MARK} Board`,
      display_board_type_id: 1,
      department_id: bIds.departments,
      workflow_ids: [bIds.workflows],
    }),
    'board',
  );
  bIds.visits = await made(
    asB('POST', '/visits', {
      first_name: MARK,
      last_name: MARK,
      workflow_id: bIds.workflows,
      badge_id: badgeId,
    }),
    'visit',
  );
  bIds.messages = await made(
    asB('POST', '/messages', { text: `${MARK} message`, display_board_id: bIds['display-boards'] }),
    'message',
  );
  const user = await asB('POST', '/users', {
    email: 'nurse@bravo.test',
    name: `${MARK} User`,
    role: 'staff',
  });
  expect(user.status).toBe(201);
  bIds.users = (user.body as { id: string }).id;
  bIds.devices = (
    await sql.query(
      'INSERT INTO devices (customer_id, name, display_board_id) VALUES ($1, $2, $3) RETURNING id',
      [B, `${MARK} Screen`, bIds['display-boards']],
    )
  ).rows[0].id;
  bIds.customers = B;
  // SCIM (IDN-30, IDN-31): a connection of each customer (by SQL: its API is not this file's), a token
  // of each, and B's User and Group made through B's token.
  const connectionOf = async (customer: string) =>
    (
      await sql.query(
        `INSERT INTO sign_in_connections (customer_id, kind, name, default_role) VALUES ($1, 'oidc', $2, 'staff') RETURNING id`,
        [customer, `${customer === B ? MARK : 'Alpha'} directory`],
      )
    ).rows[0].id as string;
  bIds.connections = await connectionOf(B);
  const bToken = await asB('POST', '/scim-tokens', {
    name: `${MARK} token`,
    connection_id: bIds.connections,
  });
  expect(bToken.status).toBe(201);
  bIds['scim-tokens'] = (bToken.body as { id: string }).id;
  const aToken = await asA('POST', '/scim-tokens', {
    name: 'Alpha token',
    connection_id: await connectionOf('demo'),
  });
  expect(aToken.status).toBe(201);
  scimTokenA = (aToken.body as { token: string }).token;
  const scimB = (method: string, path: string, body: unknown) =>
    fetch(`${server.baseUrl}/scim/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${(bToken.body as { token: string }).token}`,
        'content-type': 'application/scim+json',
      },
      body: JSON.stringify(body),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { id: string },
    }));
  const bUser = await scimB('POST', '/Users', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: bScimNames.userName,
    externalId: `${MARK}-1`,
    name: { formatted: `${MARK} Nurse` },
  });
  expect(bUser.status).toBe(201);
  bIds.Users = bUser.body.id;
  const bGroup = await scimB('POST', '/Groups', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
    displayName: bScimNames.displayName,
    members: [{ value: bUser.body.id }],
  });
  expect(bGroup.status).toBe(201);
  bIds.Groups = bGroup.body.id;
  // The feeds' settings (FEED-40): /adt/… paths are named by their second segment.
  bIds['feed-rules'] = await made(
    asB('POST', '/feed-rules', { workflow_id: bIds.workflows, location_kind: 'lab', phase_id: bIds.phases }),
    'feed rule',
  );
  bIds['points-of-care'] = await made(
    asB('POST', '/adt/points-of-care', { point_of_care: `${MARK}-POC`, workflow_id: bIds.workflows }),
    'point of care',
  );
  // Without the mark: a refusal names the facility the caller put in the path, its own words.
  expect((await asB('POST', '/adt/facilities', { facility: 'B-FACILITY' })).status).toBe(201);
  bIds.facilities = 'B-FACILITY';
  bIds.senders = await made(
    asB('POST', '/adt/senders', {
      facility: 'B-FACILITY',
      sending_application: `${MARK}-EHR`,
      addresses: ['10.0.0.1'],
    }),
    'ADT sender',
  );
  bIds['staff-types'] = 3;
  // A sign-in connection of B's (IDN-23): its provider is never reached by these routes.
  bIds['sign-in-connections'] = (
    (
      await asB('POST', '/sign-in-connections', {
        kind: 'oidc',
        name: `${MARK} IdP`,
        domains: ['bravo-isolation.example'],
        role_rules: [],
        default_role: 'staff',
        issuer: 'http://127.0.0.1:9/',
        client_id: `${MARK}-client`,
        client_secret: `${MARK}-secret`,
      })
    ).body as { id: string }
  ).id;
  // A stored HL7 message of B's, left out: one a replay could read again (FEED-67).
  bIds.feeds = (
    await sql.query(
      `INSERT INTO feed_messages (customer_id, feed, transport, control_id, status, ack_code, reason, body, body_bytes)
       VALUES ($1, 'hl7', 'mllp', 'B-1', 'ignored', 'AA', $2, '', $3) RETURNING id`,
      [B, `${MARK} left out`, Buffer.from('MSH|^~\\&|B-EHR||CB|B-FACILITY|2026||ADT^A04|B-1|P|2.5')],
    )
  ).rows[0].id;
});
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

/** Every row of B in every table with a customer_id, to compare before and after. */
async function rowsOfB(): Promise<string> {
  const tables = (
    await sql.query(
      `SELECT table_name FROM information_schema.columns
       WHERE column_name = 'customer_id' AND table_schema = 'public'
         AND table_name NOT IN ('change_log', 'audit_events', 'oidc_payloads')
       ORDER BY table_name`,
    )
  ).rows.map((row) => row.table_name as string);
  const parts: string[] = [];
  for (const table of tables) {
    const { rows } = await sql.query(
      `SELECT row_to_json(t)::text AS row FROM ${table} t WHERE customer_id = $1`,
      [B],
    );
    parts.push(
      `${table}:${rows
        .map((row) => row.row)
        .sort()
        .join('|')}`,
    );
  }
  return parts.join('\n');
}

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  readonly requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  /** Absent on public routes (a customer's public config, health): they hold no customer's data. */
  readonly security?: unknown[];
}

interface JsonSchema {
  readonly type?: string | string[];
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: string[];
  readonly items?: JsonSchema;
  readonly enum?: unknown[];
  readonly const?: unknown;
  readonly anyOf?: JsonSchema[];
  readonly oneOf?: JsonSchema[];
  readonly minimum?: number;
  readonly minLength?: number;
  readonly minItems?: number;
  readonly pattern?: string;
  readonly format?: string;
}

/** The smallest value a schema accepts, as far as a walk needs: required fields only. */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(choice.find((s) => s.type !== 'null') ?? choice[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sample(schema.properties?.[key])]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'email') return 'walker@demo.test';
      if (schema.pattern?.includes('#')) return '#123456';
      return 'walk'.padEnd(Math.max(4, schema.minLength ?? 0), 'x');
    default:
      return null;
  }
}

async function operations(): Promise<Operation[]> {
  const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      ...operation,
      method: method.toUpperCase(),
      path,
    })),
  );
}

const SCIM = '/scim/v2/';

/**
 * `/scim/v2/Users/{id}` with B's User's id, for A's SCIM token; the discovery documents' ids
 * (`/Schemas/{id}`) are no customer's: B's User's id names none of them either.
 */
function scimPathOfB(path: string): string | undefined {
  const owner = path.slice(SCIM.length).split('/')[0] ?? '';
  const id = ['Schemas', 'ResourceTypes'].includes(owner) ? bIds.Users : bIds[owner];
  return id === undefined ? undefined : path.replace(/\{[^}]+\}/g, String(id));
}

/** A SCIM request with A's SCIM token. */
async function scimAsA(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${scimTokenA}`,
      ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** `/api/locations/{id}/par-levels` with B's location id in place of {id}. */
function withIdsOfB(path: string): string | undefined {
  const segments = path.replace(/^\/api\//, '').split('/');
  const owner = ['securable', 'export', 'adt'].includes(segments[0] ?? '') ? segments[1] : segments[0];
  if (!path.includes('{')) return path.replace(/^\/api/, '');
  const id = owner === undefined ? undefined : bIds[owner];
  if (id === undefined) return undefined;
  return path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, String(id));
}

describe("customer A's token with customer B's ids", () => {
  it('gets 404 ENTITY_NOT_FOUND or 403 on every route with an id, never B’s data, and changes none of B’s rows', async () => {
    const before = await rowsOfB();
    const walked: string[] = [];
    const failures: string[] = [];
    for (const operation of await operations()) {
      if (!operation.path.includes('{') || !operation.security) continue;
      if (operation.path.startsWith(SCIM)) {
        const scimPath = scimPathOfB(operation.path);
        if (scimPath === undefined) {
          failures.push(`${operation.method} ${operation.path}: no id of B for this path`);
          continue;
        }
        const body = operation.requestBody?.content?.['application/json']?.schema;
        const answer = await scimAsA(operation.method, scimPath, body ? sample(body) : undefined);
        walked.push(`${operation.method} ${operation.path} → ${answer.status}`);
        const text = JSON.stringify(answer.body);
        // RFC 7644 §3.12: another connection's resource is simply not found, as SCIM says it.
        const refused =
          answer.status === 404 && (answer.body as { status?: string } | null)?.status === '404';
        if (!refused || text.includes(MARK))
          failures.push(`${operation.method} ${scimPath} → ${answer.status} ${text}`);
        continue;
      }
      const path = withIdsOfB(operation.path);
      if (path === undefined) {
        failures.push(`${operation.method} ${operation.path}: no id of B for this path`);
        continue;
      }
      // Staff types are numbered 1–50 in every customer: A's type 3 is A's own, not B's.
      if (operation.path.startsWith('/api/staff-types/')) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const answer = await asA(operation.method, path, body ? sample(body) : undefined);
      walked.push(`${operation.method} ${operation.path} → ${answer.status}`);
      const text = JSON.stringify(answer.body);
      const code = (answer.body as { code?: string } | null)?.code;
      const refused = (answer.status === 404 && code === 'ENTITY_NOT_FOUND') || answer.status === 403;
      if (!refused || text.includes(MARK))
        failures.push(`${operation.method} ${path} → ${answer.status} ${text}`);
    }
    expect(failures).toEqual([]);
    expect(walked.length).toBeGreaterThan(50);
    expect(await rowsOfB()).toBe(before);
  });

  it('gets none of B’s data from any list, even filtered by B’s ids', async () => {
    const failures: string[] = [];
    let lists = 0;
    for (const operation of await operations()) {
      if (operation.method !== 'GET' || operation.path.includes('{') || !operation.security) continue;
      if (operation.path.startsWith(SCIM)) {
        // A's SCIM token, plain and with filters naming B's User and Group.
        const filters = [
          `userName eq "${bScimNames.userName}"`,
          `externalId eq "${MARK}-1"`,
          `displayName eq "${bScimNames.displayName}"`,
        ];
        for (const query of ['', ...filters.map((filter) => `?filter=${encodeURIComponent(filter)}`)]) {
          const answer = await scimAsA('GET', `${operation.path}${query}`);
          lists += 1;
          const text = JSON.stringify(answer.body);
          if (answer.status >= 500 || text.includes(MARK))
            failures.push(`GET ${operation.path}${query} → ${answer.status} ${text.slice(0, 200)}`);
        }
        continue;
      }
      const filters = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.name.endsWith('_id'));
      const query = filters
        .map((p) => {
          const owner = `${p.name.replace(/_id$/, '').replaceAll('_', '-')}s`;
          const id = bIds[owner] ?? bIds[owner.replace(/ss$/, 's')];
          return id === undefined ? '' : `${p.name}=${id}`;
        })
        .filter(Boolean)
        .join('&');
      const path = operation.path.replace(/^\/api/, '');
      for (const url of query ? [path, `${path}?${query}`] : [path]) {
        const response = await fetch(`${server.baseUrl}/api${url}`, {
          headers: { authorization: `Bearer ${tokenA}` },
        });
        const text = await response.text();
        lists += 1;
        if (response.status >= 500 || text.includes(MARK))
          failures.push(`GET ${url} → ${response.status} ${text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(lists).toBeGreaterThan(15);
  });
});

describe("customer A's live connections with customer B's ids", () => {
  it('gets the not-found error for B’s board from every subscription', async () => {
    const client = graphqlClient(server, () => tokenA);
    try {
      const queries = [
        displayBoardSubscription,
        ...Object.values(boardContentFields).map((field) =>
          boardContentSubscription(field as BoardContentField),
        ),
      ];
      for (const query of queries) {
        const errors = await take(client, query, { displayBoardId: bIds['display-boards'] }, 1).done.then(
          (values) => JSON.stringify(values),
          (error: unknown) => JSON.stringify(error),
        );
        expect(errors).toContain('ENTITY_NOT_FOUND');
        expect(errors).not.toContain(MARK);
      }
    } finally {
      await client.dispose();
    }
  });

  it('gets ENTITY_NOT_FOUND or NO_MASTER_ENTITY_FOUND for socket actions naming B’s rows', async () => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(server.config.runtime.SOCKETS_URL, {
      transports: ['websocket'],
      reconnection: false,
      query: { token: tokenA },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const answer = (
        event: 'patient.call' | 'message.post' | 'device.reload',
        request: Record<string, unknown>,
      ) =>
        new Promise<string>((resolve) => {
          socket.once(`${event}.error`, (error) => resolve(error.code));
          socket.once(`${event}.success`, () => resolve('success'));
          socket.emit(event, { correlation_id: event, ...request } as never);
        });
      expect(await answer('patient.call', { visit_id: bIds.visits, station_id: bIds.stations })).toMatch(
        /^(ENTITY_NOT_FOUND|NO_MASTER_ENTITY_FOUND)$/,
      );
      expect(
        await answer('message.post', { text: 'hello', display_board_id: bIds['display-boards'] }),
      ).toMatch(/^(ENTITY_NOT_FOUND|NO_MASTER_ENTITY_FOUND)$/);
      expect(await answer('device.reload', { display_board_id: bIds['display-boards'] })).toBe(
        'ENTITY_NOT_FOUND',
      );
    } finally {
      socket.disconnect();
    }
  });
});
