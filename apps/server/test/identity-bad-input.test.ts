import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrottles } from '../src/identity/throttle.ts';
import { BrowserSession, formIn } from './browser-session.ts';
import { discover } from './identity-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    throttles: createThrottles({
      signInPerAddress: 100,
      signInFreeFailures: 1,
      signInDelayBaseMs: 1,
      signInDelayMaxMs: 5,
      userCodePerCode: 3,
      userCodePerAddress: 100,
      windowSec: 60,
    }),
  });
});
afterAll(() => server?.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});

describe('OAuth endpoints given bad input', () => {
  it.each([
    ['an empty token request', '/oauth/token', form({})],
    ['an unknown grant type', '/oauth/token', form({ grant_type: 'password', client_id: 'demo-device' })],
    [
      'an unknown client',
      '/oauth/token',
      form({ grant_type: 'refresh_token', client_id: 'nobody', refresh_token: 'x' }),
    ],
    [
      'a made-up device code',
      '/oauth/token',
      form({
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        client_id: 'demo-device',
        device_code: 'nope',
      }),
    ],
    [
      'a made-up refresh token',
      '/oauth/token',
      form({ grant_type: 'refresh_token', client_id: 'demo-device', refresh_token: 'nope' }),
    ],
    [
      'a device code for an unknown client',
      '/oauth/device/code',
      form({ client_id: 'nobody', scope: 'openid' }),
    ],
    [
      'an unknown audience',
      '/oauth/device/code',
      form({ client_id: 'demo-device', scope: 'openid access:display-board', audience: 'https://elsewhere' }),
    ],
    [
      'an oversized parameter',
      '/oauth/device/code',
      form({ client_id: 'demo-device', scope: `openid ${'x'.repeat(70_000)}` }),
    ],
    [
      'a JSON body',
      '/oauth/token',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' },
    ],
    [
      'a duplicated parameter',
      '/oauth/token',
      { ...form({}), body: 'client_id=a&client_id=b&grant_type=refresh_token' },
    ],
  ])('answers %s with an OAuth error, never a 500', async (_name, path, init) => {
    const response = await fetch(`${server.baseUrl}${path}`, init as RequestInit);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as { error?: unknown };
    expect(typeof body.error).toBe('string');
  });

  it.each([
    ['/authorize'],
    [
      '/authorize?client_id=careboard-board&response_type=code&redirect_uri=https://evil.example/cb&scope=openid',
    ],
    ['/interaction/no-such-interaction'],
    ['/activate/no-such-uid'],
  ])('answers GET %s with a page that says what went wrong, never a 500', async (path) => {
    const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(500);
  });

  it('ignores a logout return address no client registered (no open redirect)', async () => {
    const response = await fetch(
      `${server.baseUrl}/oidc/logout?post_logout_redirect_uri=https://evil.example/`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).not.toContain('evil.example');
  });

  it('answers a sign-in post without its interaction with a page, not a 500', async () => {
    const response = await fetch(
      `${server.baseUrl}/interaction/abc/login`,
      form({ email: 'a@b.c', password: 'x' }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in has expired or was already used.');
  });

  it('says a mistyped user code is not valid', async () => {
    const browser = new BrowserSession();
    const page = await browser.follow(`${server.baseUrl}/activate`);
    const answer = await browser.submit(page.url, formIn(page.html), { user_code: 'BCDF-GHJK' });
    expect(answer.html).toContain('That code is not valid.');
    // The page answered with a fresh form (a new anti-forgery value): the person types into that one.
    const malformed = await browser.submit(answer.url, formIn(answer.html), { user_code: '<script>' });
    expect(malformed.html).toContain('That code is not valid.');
    expect(malformed.html).not.toContain('<script>');
  });
});

describe('throttling', () => {
  async function loginPage(browser: BrowserSession) {
    const config = await discover(server, 'careboard-board');
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${server.baseUrl}/auth/callback`,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    return browser.follow(url.toString());
  }

  // Guessing is slowed, not refused, per account (IDN-14; identity-sign-in-throttle.test.ts measures the delay).
  it('answers password guessing the same way for an account that does not exist', async () => {
    for (const email of ['admin@demo.test', 'ghost@demo.test']) {
      const browser = new BrowserSession();
      const login = await loginPage(browser);
      const statuses: number[] = [];
      let last = '';
      for (let attempt = 0; attempt < 4; attempt++) {
        const answer = await browser.submit(login.url, formIn(login.html), {
          email,
          password: `guess-${attempt}`,
        });
        statuses.push(answer.response.status);
        last = answer.html;
      }
      expect(statuses, email).toEqual([401, 401, 401, 401]);
      expect(last, email).toContain('The email or password is not right.');
    }
  });

  it('stops repeated tries of one user code', async () => {
    const browser = new BrowserSession();
    const page = await browser.follow(`${server.baseUrl}/activate`);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push(
        (await browser.submit(page.url, formIn(page.html), { user_code: 'WXYZ-WXYZ' })).response.status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 3).every((status) => status < 429)).toBe(true);
  });
});

describe('the server log', () => {
  it('never holds a token, a password or an unexpected error after all of the above', () => {
    const text = JSON.stringify(server.logs);
    expect(text).not.toContain('careboard-demo');
    expect(text).not.toContain('guess-');
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
    expect(
      server.logs.filter((line) => line.msg === 'unexpected error' || Number(line.status) >= 500),
    ).toEqual([]);
  });
});
