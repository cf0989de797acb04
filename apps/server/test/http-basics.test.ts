import { PRODUCT_VERSION, runtimeConfigKeys } from '@careboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    beforeListen: (app) => {
      app.get('/api/test/explode', async () => {
        throw new Error('boom with a secret token abc.def.ghi');
      });
      app.post('/api/test/echo', async (request) => ({ received: request.body }));
    },
  });
});
afterAll(() => server.close());

const url = (path: string) => `${server.baseUrl}${path}`;

/** A GET that returns the XSRF cookie the server hands out, as the board would read it. */
async function xsrfToken(): Promise<string> {
  const response = await fetch(url('/health'));
  const match = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  if (!match?.[1]) throw new Error('no XSRF-TOKEN cookie');
  return match[1];
}

describe('health', () => {
  it('answers /health (with the product version) and /ready without a token', async () => {
    expect(await (await fetch(url('/health'))).json()).toEqual({ status: 'ok', version: PRODUCT_VERSION });
    expect(PRODUCT_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    const ready = await fetch(url('/ready'));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

describe('GET /config.json', () => {
  it('holds every runtime-config key, is never cached and ignores a cache-bust query', async () => {
    const response = await fetch(url('/config.json?v=1795317391346'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([...runtimeConfigKeys].sort());
    expect(body.API_URL).toBe(`${server.baseUrl}/api`);
    expect(body.CUSTOMER_ID).toBe('demo');
  });
});

describe('GET /api/customers/:id', () => {
  it('answers the demo customer without a bearer token', async () => {
    const response = await fetch(url('/api/customers/demo'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: 'demo',
      auth_org_id: 'org_demo',
      auth_device_client_id: 'demo-device',
      locale: 'en-US',
    });
  });

  it('answers an unknown id with 404 ENTITY_NOT_FOUND', async () => {
    const response = await fetch(url('/api/customers/nobody'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 'ENTITY_NOT_FOUND',
      params: { entity: 'Customer', id: 'nobody' },
      message: 'Customer with id nobody was not found.',
    });
  });

  it('answers an over-long id with 400 MAX_LENGTH', async () => {
    const response = await fetch(url(`/api/customers/${'a'.repeat(64)}`));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'MAX_LENGTH', message: 'id exceeds 63 characters.' });
  });

  it.each(['Bad_ID', '-demo', '%00', 'demo%20or%201=1', '..%2F..%2Fetc'])(
    'answers the malformed id %j with 400 IS_NOT_VALID',
    async (id) => {
      const response = await fetch(url(`/api/customers/${id}`));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'IS_NOT_VALID', message: 'id is not valid.' });
    },
  );
});

describe('XSRF', () => {
  it('rejects a POST without the X-XSRF-TOKEN header with 403 and the envelope', async () => {
    const response = await fetch(url('/api/test/echo'), {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: 'XSRF_TOKEN_INVALID',
      params: {},
      message: 'The anti-forgery token is missing or does not match.',
    });
  });

  it('rejects a header that does not match the cookie', async () => {
    const token = await xsrfToken();
    const response = await fetch(url('/api/test/echo'), {
      method: 'POST',
      body: '{}',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${token}`,
        'x-xsrf-token': `${token}x`,
      },
    });
    expect(response.status).toBe(403);
  });

  it('accepts a POST whose header matches the cookie', async () => {
    const token = await xsrfToken();
    const response = await fetch(url('/api/test/echo'), {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: { a: 1 } });
  });
});

describe('errors', () => {
  async function post(path: string, body: string, contentType = 'application/json') {
    const token = await xsrfToken();
    return fetch(url(path), {
      method: 'POST',
      body,
      headers: { 'content-type': contentType, cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
    });
  }

  it('answers malformed JSON with 400 IS_NOT_VALID, not 500', async () => {
    const response = await post('/api/test/echo', '{"a":');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'body' } });
  });

  it('answers an oversized body with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await post('/api/test/echo', JSON.stringify({ a: 'x'.repeat(70_000) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unsupported content type with 400, not 500', async () => {
    const response = await post('/api/test/echo', 'a=1', 'application/x-unknown');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.json()).toMatchObject({ code: 'IS_NOT_VALID' });
  });

  it('answers an unknown API path with 404 ROUTE_NOT_FOUND, never the board page', async () => {
    const response = await fetch(url('/api/nothing-here?x=1'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 'ROUTE_NOT_FOUND',
      params: { method: 'GET', path: '/api/nothing-here' },
      message: 'There is no GET /api/nothing-here.',
    });
  });

  it('turns an unexpected error into 500 Internal server error., logged with the request id', async () => {
    const response = await fetch(url('/api/test/explode'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      params: {},
      message: 'Internal server error.',
    });
    const requestId = response.headers.get('x-request-id');
    const logged = server.logs.find((line) => line.msg === 'unexpected error');
    expect(logged?.reqId).toBe(requestId);
  });
});

describe('security headers', () => {
  it('sends a CSP with frame-ancestors self (CON-46), nosniff and a referrer policy on every response', async () => {
    for (const path of ['/health', '/config.json', '/api/customers/demo', '/workflow?id=1']) {
      const response = await fetch(url(path));
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain(
        `connect-src 'self' ${server.baseUrl} ws://127.0.0.1:${server.config.port}`,
      );
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('board app', () => {
  it('answers any non-API path with index.html, never cached', async () => {
    for (const path of ['/', '/workflow?id=1', '/auth/device?auth_flow=1', '/some/deep/path']) {
      const response = await fetch(url(path));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(await response.text(), path).toContain('Careboard test board');
    }
  });

  it('caches hashed assets for a year and never the service worker', async () => {
    const asset = await fetch(url('/assets/index-abc123.js'));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const worker = await fetch(url('/sw.js'));
    expect(worker.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a missing asset with 404, not the board page', async () => {
    const response = await fetch(url('/assets/missing-123.js'));
    expect(response.status).toBe(404);
  });
});

describe('request log', () => {
  it('writes one line per request with its id, and no query string or token', async () => {
    const response = await fetch(url('/health?token=eyJhbGciOi.secret.value'), {
      headers: { authorization: 'Bearer eyJhbGciOi.secret.value' },
    });
    const requestId = response.headers.get('x-request-id');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = server.logs.filter((line) => line.reqId === requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/health', status: 200 });
    expect(JSON.stringify(server.logs)).not.toContain('secret.value');
  });
});

describe('GET /api/openapi.json', () => {
  it('describes the REST API and SCIM (IDN-30) from the route schemas, and nothing else', async () => {
    const response = await fetch(url('/api/openapi.json'));
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/customers/{id}']?.get).toMatchObject({
      parameters: [expect.objectContaining({ name: 'id', in: 'path', required: true })],
    });
    const outside = Object.keys(document.paths).filter((path) => !/^\/(api|scim\/v2)\//.test(path));
    expect(outside).toEqual([]);
    expect(document.paths['/scim/v2/Users']).toBeDefined();
  });
});

describe('POST /api/client-errors', () => {
  async function report(body: unknown) {
    const token = await xsrfToken();
    return fetch(url('/api/client-errors'), {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
    });
  }

  it('logs a board error without a token, and without the query string', async () => {
    const response = await report({
      message: 'boom in board',
      url: 'http://x/workflow?id=1&code=secret-code',
      release: 'r1',
    });
    expect(response.status).toBe(204);
    const logged = server.logs.find((line) => line.msg === 'board reported an error');
    expect(logged?.clientError).toMatchObject({
      message: 'boom in board',
      url: 'http://x/workflow',
      release: 'r1',
    });
    expect(JSON.stringify(server.logs)).not.toContain('secret-code');
  });

  it('refuses unknown fields and oversized text with the catalogue', async () => {
    expect(await (await report({ message: 'x', extra: 1 })).json()).toMatchObject({
      code: 'IS_NOT_VALID',
      params: { field: 'extra' },
    });
    expect(await (await report({ message: 'x'.repeat(1001) })).json()).toMatchObject({
      code: 'MAX_LENGTH',
      params: { field: 'message', limit: 1000 },
    });
    expect(await (await report({})).json()).toMatchObject({
      code: 'IS_REQUIRED',
      params: { field: 'message' },
    });
  });
});
