import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

describe('CORS on the token and device endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const deviceCode = (origin: string) =>
    fetch(`${server.baseUrl}/oauth/device/code`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'demo-device', scope: 'openid access:display-board' }),
    });

  it("allows the board app's origin", async () => {
    const response = await deviceCode(server.baseUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(server.baseUrl);
  });

  it('refuses any other origin', async () => {
    const response = await deviceCode('https://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.status).toBeGreaterThanOrEqual(400);
  });
});

describe('behind a TLS proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The documented local TLS proxy: its X-Forwarded-* count (decision FND-24).
    server = await startTestServer({
      env: { PUBLIC_URL: 'https://boards.example.test', TRUSTED_PROXIES: 'loopback' },
    });
  });
  afterAll(() => server?.close());

  it('is the issuer at the public https address, trusting X-Forwarded-* from the proxy', async () => {
    const response = await fetch(`${server.baseUrl}/.well-known/openid-configuration`, {
      headers: {
        'x-forwarded-host': 'boards.example.test',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.9',
      },
    });
    const discovery = (await response.json()) as Record<string, string>;
    expect(discovery.issuer).toBe('https://boards.example.test');
    expect(discovery.device_authorization_endpoint).toBe('https://boards.example.test/oauth/device/code');
  });

  it('marks its cookies Secure', async () => {
    const response = await fetch(`${server.baseUrl}/health`, {
      headers: { 'x-forwarded-host': 'boards.example.test', 'x-forwarded-proto': 'https' },
    });
    expect(response.headers.get('set-cookie')).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/);
  });
});
