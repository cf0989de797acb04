import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const WITH_BODY = new Set(['post', 'put', 'patch']);

/**
 * Commands on a record that take no input at all: the record is in the path and the verb says
 * the rest. Anything else that POSTs, PUTs or PATCHes must document its body (decision BOF-41);
 * a new bodiless command is added here on purpose, with its reason.
 */
const BODILESS = new Set([
  // The visit is done; nothing to say about it.
  'POST /api/visits/{id}/complete',
  // Screens: reload now and revoke need only which screen (BOF-45).
  'POST /api/devices/{id}/reload',
  'POST /api/devices/{id}/revoke',
]);

/** What an operation lacks: path parameters, a JSON request body, a documented success. */
function operationProblems(path: string, method: string, operation: Operation): string[] {
  const name = `${method.toUpperCase()} ${path}`;
  const problems: string[] = [];
  for (const [, param] of path.matchAll(/\{([^}]+)\}/g)) {
    const documented = operation.parameters?.find((p) => p.in === 'path' && p.name === param);
    if (!documented?.schema || documented.required !== true) {
      problems.push(`${name}: path parameter ${param} is not documented`);
    }
  }
  if (
    WITH_BODY.has(method) &&
    !BODILESS.has(name) &&
    !operation.requestBody?.content?.['application/json']?.schema
  ) {
    problems.push(`${name}: no JSON request body schema`);
  }
  const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
  const documented = successes.some(
    ([status, response]) =>
      status === '204' || Object.values(response.content ?? {}).some((media) => media.schema !== undefined),
  );
  if (!documented) problems.push(`${name}: no 2xx response with a schema`);
  return problems;
}

function documentProblems(document: Document): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .flatMap(([method, operation]) => operationProblems(path, method, operation)),
  );
}

describe('the checker', () => {
  it('names an operation that lacks a path parameter, a body or a success schema', () => {
    expect(
      documentProblems({
        paths: {
          '/api/things/{id}': {
            post: { responses: { '200': { description: 'Default Response' } as never } },
            delete: {
              parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
              responses: { '204': {} },
            },
          },
        },
      }),
    ).toEqual([
      'POST /api/things/{id}: path parameter id is not documented',
      'POST /api/things/{id}: no JSON request body schema',
      'POST /api/things/{id}: no 2xx response with a schema',
    ]);
  });
});

describe('GET /api/openapi.json', () => {
  let server: TestServer;
  let document: Document;

  beforeAll(async () => {
    server = await startTestServer({ env: { CAREBOARD_SIMULATOR_RATE: '0' } });
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('describes the REST API, exports and securable reads included', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/visits',
        'POST /api/visits',
        'GET /api/securable/visits/{id}',
        'DELETE /api/messages/{id}',
        'GET /api/export/sites',
      ]),
    );
    expect(document.paths['/api/export/sites']?.get?.responses?.['200']?.content).toEqual({
      'text/csv': { schema: { type: 'string' } },
    });
  });

  it('documents path parameters, request bodies and a success response for every operation', () => {
    expect(documentProblems(document)).toEqual([]);
  });
});
