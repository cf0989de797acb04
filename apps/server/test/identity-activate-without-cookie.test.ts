import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, formIn } from './browser-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const post = (body: Record<string, string>) =>
  fetch(`${server.baseUrl}/activate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });

describe('POST /activate without its session cookie (IDN-11)', () => {
  it.each([
    ['a code and an anti-forgery value', { user_code: 'BCDF-GHJK', xsrf: 'forged' }],
    ['a confirmation', { user_code: 'BCDF-GHJK', xsrf: 'forged', confirm: 'yes' }],
    ['nothing', {}],
  ])('answers %s with a 4xx code page and logs no error', async (_name, body) => {
    const before = server.logs.length;
    const response = await post(body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('name="user_code"');
    const errors = server.logs
      .slice(before)
      .filter((line) => Number(line.level) >= 50 || JSON.stringify(line).includes('"stack"'));
    expect(errors).toEqual([]);
  });

  it('answers a page whose form works: submitted with its cookie, the code itself is checked', async () => {
    const browser = new BrowserSession();
    const first = await browser.follow(`${server.baseUrl}/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user_code: 'BCDF-GHJK', xsrf: 'forged' }),
    });
    expect(first.response.status).toBe(400);
    const again = await browser.submit(first.url, formIn(first.html), { user_code: 'BCDF-GHJK' });
    expect(again.response.status).toBeLessThan(500);
    expect(again.html).toContain('That code is not valid');
  });
});
