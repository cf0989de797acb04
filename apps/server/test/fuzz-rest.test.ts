/**
 * Fuzzes every operation of the OpenAPI document the server serves (decisions
 * FND-07 to FND-09): path parameters, query strings and bodies, schema-shaped and
 * not, with and without the scopes they need. Whatever arrives, the answer is
 * below 500, every 4xx is a catalogue envelope, and the server keeps answering.
 * A failure prints the seed and the path that replay it (fast-check).
 */
import { isErrorCode } from '@careboard/contracts';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api-client.ts';
import {
  awkwardString,
  deeplyNested,
  FUZZ_SEED,
  longString,
  recordFuzzSummary,
  Tally,
  wildJson,
  wildNumber,
  wildString,
} from './fuzz-values.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

/** Cases per operation; the document has fifteen, so about six hundred requests in all. */
const RUNS_PER_OPERATION = 40;
const FULL_SCOPE = 'access:display-board read:patients write:patients write:* read:*';

type Schema = Record<string, unknown>;
interface Operation {
  readonly method: string;
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly { name: string; schema: Schema }[];
  readonly body?: Schema;
}

let server: TestServer;
let xsrf: string;
let tokens: Record<'full' | 'board' | 'none', string>;
/** The SCIM routes' own bearer (IDN-30): a token of a connection of the demo customer. */
let scimToken: string;
let operations: Operation[];
let document: {
  paths: Record<string, Record<string, Schema>>;
  components?: { schemas?: Record<string, Schema> };
};

beforeAll(async () => {
  server = await startTestServer();
  const health = await fetch(`${server.baseUrl}/health`);
  xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  tokens = {
    full: await accessToken(server, { scope: FULL_SCOPE, sub: 'fuzz-staff' }),
    board: await accessToken(server, { scope: 'access:display-board', sub: 'fuzz-screen' }),
    none: await accessToken(server, { scope: '', sub: 'fuzz-nobody' }),
  };
  scimToken = await madeScimToken();
  document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as typeof document;
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => {
        const parameters = (operation.parameters ?? []) as { in: string; name: string; schema?: Schema }[];
        const content = (
          operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined
        )?.content;
        return {
          method: method.toUpperCase(),
          path,
          pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string),
          queryParams: parameters
            .filter((p) => p.in === 'query')
            .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
          ...(content?.['application/json']?.schema ? { body: content['application/json'].schema } : {}),
        };
      }),
  );
  // Deletions last, so the other operations still find the demo boards to work on.
  operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
});
afterAll(() => server?.close());

/** A sign-in connection of the demo customer (by SQL: its API is not fuzzed here) and a SCIM token for it. */
async function madeScimToken(): Promise<string> {
  const sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  try {
    const { rows } = await sql.query(
      `INSERT INTO sign_in_connections (customer_id, kind, name, role_rules, default_role)
       VALUES ('demo', 'oidc', 'Fuzzed directory', '[{"group": "Nurses", "role": "staff"}]', 'visitor') RETURNING id`,
    );
    const admin = await apiClient(
      server,
      await accessToken(server, { scope: 'update:customer*', sub: 'fuzz-admin' }),
    );
    const made = await admin('POST', '/scim-tokens', { name: 'Fuzz', connection_id: rows[0].id });
    return (made.body as { token: string }).token;
  } finally {
    await sql.end();
  }
}

const isScim = (path: string) => path.startsWith('/scim/');

/** A value shaped like `schema` (so validation passes often enough to reach the handler), now and then anything. */
function fromSchema(schema: Schema | undefined, depth = 0, valid = false): fc.Arbitrary<unknown> {
  const shaped = shapedBy(schema ?? {}, depth, valid);
  return valid ? shaped : fc.oneof({ arbitrary: shaped, weight: 5 }, { arbitrary: wildJson, weight: 1 });
}

/**
 * A value of `schema`'s shape. With `valid`, one the schema accepts but for the text in its
 * strings (NUL, lone surrogates, …) and ids that may not exist: what reaches the services and
 * the database. Without, now and then a wrong type, length or key as well.
 */
function shapedBy(schema: Schema, depth: number, valid = false): fc.Arbitrary<unknown> {
  if (depth > 6) return wildJson;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop() ?? '';
    return shapedBy(document.components?.schemas?.[name] ?? {}, depth + 1, valid);
  }
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => shapedBy(s, depth + 1, valid)));
  if (Array.isArray(schema.allOf) && schema.allOf.length)
    return shapedBy(schema.allOf[0] as Schema, depth + 1, valid);
  if (Array.isArray(schema.type))
    return fc.oneof(
      ...(schema.type as string[]).map((type) => shapedBy({ ...schema, type }, depth + 1, valid)),
    );
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date-time')
        // Valid: in the future (an expiry in the past is refused), fixed so a seed replays; else any time.
        return fc
          .date({
            noInvalidDate: true,
            min: valid ? new Date('2040-01-01T00:00:00Z') : new Date(0),
            max: valid ? new Date('2090-01-01T00:00:00Z') : new Date(4e12),
          })
          .map((d) => d.toISOString());
      if (valid && typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
      if (valid)
        return fc.oneof(
          fc.string({
            minLength: Math.max(1, Number(schema.minLength ?? 1)),
            maxLength: Math.min(Number(schema.maxLength ?? 20), 20),
          }),
          awkwardString,
        );
      return fc.oneof(
        { arbitrary: fc.string({ maxLength: Math.min(Number(schema.maxLength ?? 30), 30) }), weight: 3 },
        { arbitrary: wildString(), weight: 1 },
        { arbitrary: awkwardString, weight: 2 },
        {
          arbitrary: fc.string({
            minLength: Number(schema.maxLength ?? 200),
            maxLength: Number(schema.maxLength ?? 200) + 3,
          }),
          weight: 1,
        },
      );
    case 'integer':
      if (valid) {
        // Small ids hit real rows; a schema's own minimum (a setting of 60 s) lifts the range.
        const min = Math.max(1, Number(schema.minimum ?? 1));
        return fc.integer({ min, max: Math.min(Number(schema.maximum ?? min + 7), Math.max(8, min + 7)) });
      }
      return fc.oneof(
        { arbitrary: fc.integer({ min: 1, max: 40 }), weight: 3 },
        { arbitrary: wildNumber, weight: 1 },
      );
    case 'number':
      return valid ? fc.integer({ min: 0, max: 100 }) : wildNumber;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items as Schema | undefined, depth + 1, valid), {
        maxLength: valid ? 3 : 4,
      });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, fromSchema(value, depth + 1, valid)]),
      );
      const required = ((schema.required ?? []) as string[]).filter((key) => key in model);
      if (valid) return fc.record(model, { requiredKeys: required });
      return fc.oneof(
        fc.record(model, { requiredKeys: required }),
        fc.record(model, { requiredKeys: [] }),
        // An unknown key too: strict schemas refuse it.
        fc
          .tuple(fc.record(model, { requiredKeys: required }), wildString(10), wildJson)
          .map(([object, key, value]) => ({
            ...object,
            [key]: value,
          })),
      );
    }
    default:
      return wildJson;
  }
}

/** Percent-encodes every byte but the unreserved ones, so any string (lone surrogates too) makes a URL. */
const encodeBytes = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** Already-encoded URL text: valid, or bytes that are not UTF-8 (%ff, %c0%80), or a broken escape. */
const rawEncoded = fc.oneof(
  fc
    .uint8Array({ minLength: 1, maxLength: 6 })
    .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom(
    '%',
    '%zz',
    '%e0%80',
    '%00',
    '..',
    '%2e%2e',
    '%2f',
    '1%00',
    '01',
    '1e3',
    '0x10',
    '+1',
    ' 1',
  ),
);

const pathValue = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 12 }).map(String), weight: 6 },
  { arbitrary: wildNumber.map(String), weight: 2 },
  {
    arbitrary: wildString(20)
      .filter((s) => s.length > 0)
      .map(encodeBytes),
    weight: 2,
  },
  { arbitrary: rawEncoded, weight: 1 },
);

const queryValue = fc.oneof(wildString(20).map(encodeBytes), wildNumber.map(String), rawEncoded);

interface Body {
  readonly kind: string;
  readonly contentType?: string;
  readonly data: string | Uint8Array;
}

const json = (kind: string) => (value: unknown) => ({
  kind,
  contentType: 'application/json',
  data: JSON.stringify(value) ?? 'null',
});

function bodyFor(operation: Operation): fc.Arbitrary<Body | undefined> {
  return fc.oneof(
    {
      arbitrary: fromSchema(operation.body, 0, Boolean(operation.body)).map(json('valid but for its text')),
      weight: operation.body ? 8 : 1,
    },
    { arbitrary: fromSchema(operation.body).map(json('schema-shaped')), weight: operation.body ? 5 : 1 },
    { arbitrary: wildJson.map(json('any JSON')), weight: 2 },
    { arbitrary: deeplyNested.map(json('deeply nested')), weight: 1 },
    {
      arbitrary: fc
        .dictionary(wildString(8), longString, { minKeys: 1, maxKeys: 2 })
        .map(json('long strings')),
      weight: 1,
    },
    {
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((data) => ({ kind: 'bytes as JSON', contentType: 'application/json', data })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=latin1',
            'application/xml',
            '',
          ),
          fc.oneof(
            wildString(),
            fromSchema(operation.body).map((v) => JSON.stringify(v) ?? ''),
          ),
        )
        .map(([contentType, data]) => ({ kind: `as ${contentType || 'no type'}`, contentType, data })),
      weight: 1,
    },
    { arbitrary: fc.constant({ kind: 'empty JSON', contentType: 'application/json', data: '' }), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

type Credentials = 'full' | 'board' | 'none' | 'garbage token' | 'no token' | 'no xsrf';
const credentials = fc.oneof(
  { arbitrary: fc.constant<Credentials>('full'), weight: 12 },
  {
    arbitrary: fc.constantFrom<Credentials>('board', 'none', 'garbage token', 'no token', 'no xsrf'),
    weight: 3,
  },
);

function caseFor(operation: Operation) {
  return fc.limitShrink(
    fc.record({
      path: fc.tuple(...operation.pathParams.map(() => pathValue)),
      query: fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...operation.queryParams.map((p) => p.name), 'x'),
            wildString(8).map(encodeBytes),
          ),
          queryValue,
        ),
        { maxLength: 3 },
      ),
      body: bodyFor(operation),
      credentials,
    }),
    60,
  );
}

type Case = ReturnType<typeof caseFor> extends fc.Arbitrary<infer T> ? T : never;

function requestOf(operation: Operation, input: Case): { url: string; init: RequestInit } {
  let index = 0;
  const path = operation.path.replace(/\{[^}]+\}/g, () => input.path[index++] ?? '1');
  const query = input.query.map(([key, value]) => `${key}=${value}`).join('&');
  const headers: Record<string, string> = {};
  if (input.credentials !== 'no token') {
    const credentials = input.credentials === 'no xsrf' ? 'full' : input.credentials;
    const token =
      credentials === 'garbage token'
        ? 'not.a.token'
        : // SCIM takes its own token; a person's or a screen's is refused there.
          isScim(operation.path) && credentials === 'full'
          ? scimToken
          : tokens[credentials];
    headers.authorization = `Bearer ${token}`;
  }
  if (input.credentials !== 'no xsrf') {
    headers.cookie = `XSRF-TOKEN=${xsrf}`;
    headers['x-xsrf-token'] = xsrf;
  }
  const withBody = input.body && !['GET', 'HEAD'].includes(operation.method);
  if (withBody && input.body?.contentType)
    // SCIM clients send SCIM's own media type (RFC 7644 §3.1), which SCIM parses as JSON.
    headers['content-type'] =
      isScim(operation.path) && input.body.contentType === 'application/json'
        ? 'application/scim+json'
        : input.body.contentType;
  return {
    url: `${server.baseUrl}${path}${query ? `?${query}` : ''}`,
    init: {
      method: operation.method,
      headers,
      ...(withBody ? { body: input.body?.data as RequestInit['body'] } : {}),
    },
  };
}

const statuses = new Tally();
const codes = new Tally();

/** RFC 7644 §3.12, Table 9. */
const SCIM_TYPES = new Set([
  'invalidFilter',
  'tooMany',
  'uniqueness',
  'mutability',
  'invalidSyntax',
  'invalidPath',
  'noTarget',
  'invalidValue',
  'invalidVers',
  'sensitive',
]);

/** Under /scim/v2 every answer is application/scim+json and every error a SCIM Error message (RFC 7644 §3.12). */
function scimProblemWith(status: number, text: string, contentType: string): string | undefined {
  if (status >= 500) return `status ${status}: ${text.slice(0, 300)}`;
  if (status !== 204 && !contentType.startsWith('application/scim+json'))
    return `status ${status} as ${contentType}: ${text.slice(0, 200)}`;
  if (status < 400) return undefined;
  let body: { schemas?: unknown; status?: unknown; scimType?: unknown; detail?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} without a JSON SCIM error: ${text.slice(0, 200)}`;
  }
  codes.add(`scim:${String(body.scimType ?? status)}`);
  const shaped =
    JSON.stringify(body.schemas) === '["urn:ietf:params:scim:api:messages:2.0:Error"]' &&
    body.status === String(status) &&
    typeof body.detail === 'string' &&
    (body.scimType === undefined || SCIM_TYPES.has(String(body.scimType)));
  return shaped ? undefined : `status ${status} that is no SCIM error: ${text.slice(0, 200)}`;
}

/** What is wrong with an answer, or undefined: the property. */
function problemWith(status: number, text: string): string | undefined {
  if (status >= 500) return `status ${status}: ${text.slice(0, 300)}`;
  if (status < 400) return undefined;
  let body: { code?: unknown; params?: unknown; message?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} without a JSON envelope: ${text.slice(0, 200)}`;
  }
  codes.add(String(body.code));
  if (!isErrorCode(body.code))
    return `status ${status} with a code outside the catalogue: ${text.slice(0, 200)}`;
  if (typeof body.params !== 'object' || body.params === null || typeof body.message !== 'string')
    return `status ${status} without { code, params, message }: ${text.slice(0, 200)}`;
  return undefined;
}

async function healthy(): Promise<boolean> {
  const response = await fetch(`${server.baseUrl}/health`);
  await response.arrayBuffer();
  return response.status === 200;
}

describe('REST fuzz', () => {
  it('answers a SCIM path whose percent-encoding is not UTF-8 with a SCIM 400', async () => {
    const response = await fetch(`${server.baseUrl}/scim/v2/Users/%c0%80`, {
      headers: { authorization: `Bearer ${scimToken}` },
    });
    expect(response.status).toBe(400);
    expect(
      scimProblemWith(response.status, await response.text(), response.headers.get('content-type') ?? ''),
    ).toBe(undefined);
  });

  it('answers a path whose percent-encoding is not UTF-8 with a catalogue 400', async () => {
    // Found by this suite (seed 20261124): Fastify answered these itself, as { code: 'FST_ERR_BAD_URL' }.
    for (const path of ['/api/visits/%80/complete', '/api/display-boards/%c0%80', '/api/customers/%ff']) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${tokens.full}` },
      });
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'path' } });
    }
  });

  it('answers every operation of the OpenAPI document below 500, with catalogue envelopes', {
    timeout: 180_000,
  }, async () => {
    expect(operations.length).toBeGreaterThan(5);
    const failures: string[] = [];
    const perOperation: Record<string, number> = {};
    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`;
      perOperation[name] = 0;
      const property = fc.asyncProperty(caseFor(operation), async (input) => {
        const { url, init } = requestOf(operation, input);
        perOperation[name] = (perOperation[name] ?? 0) + 1;
        const logsBefore = server.logs.length;
        let problem: string | undefined;
        try {
          const response = await fetch(url, init);
          const text = await response.text();
          statuses.add(response.status);
          problem = isScim(operation.path)
            ? scimProblemWith(response.status, text, response.headers.get('content-type') ?? '')
            : problemWith(response.status, text);
        } catch (error) {
          statuses.add('no answer');
          problem = `no answer: ${(error as Error).message}; health ${await healthy().catch(() => false)}`;
        }
        // An error line in the server's log is an unexpected failure, whatever the status said.
        problem ??=
          server.logs
            .slice(logsBefore)
            .filter((line) => Number(line.level) >= 50)
            .map((line) => String(line.msg))
            .join('; ') || undefined;
        if (problem)
          throw new Error(`${name} (${input.body?.kind ?? 'no body'}, ${input.credentials}): ${problem}`);
      });
      const details = await fc.check(property, {
        seed: FUZZ_SEED,
        numRuns: RUNS_PER_OPERATION,
        includeErrorInReport: true,
      });
      if (details.failed) failures.push(`${name}\n${fc.defaultReportMessage(details)}`);
      if (!(await healthy())) failures.push(`${name}: GET /health failed after the run`);
    }
    const cases = Object.values(perOperation).reduce((a, b) => a + b, 0);
    recordFuzzSummary('rest', {
      operations: operations.length,
      cases,
      perOperation,
      statuses: statuses.counts,
      errorCodes: codes.counts,
      failures: failures.length,
    });
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});
