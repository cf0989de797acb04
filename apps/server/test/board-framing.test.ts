import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

// Decision CON-46: the console's live preview frames the real board on the same origin; no other site may.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('framing', () => {
  it.each([
    ['the board', '/?id=1'],
    ['the board callback', '/auth/callback'],
    ['the console', '/console/boards/1'],
    ['the API', '/api/customers/demo'],
    ['the provider', '/.well-known/openid-configuration'],
  ])('lets %s be framed by the same origin only', async (_name, path) => {
    const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
    const csp = response.headers.get('content-security-policy') ?? '';
    const ancestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.trim();
    expect(ancestors, path).toBe("'self'");
    expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
  });
});
