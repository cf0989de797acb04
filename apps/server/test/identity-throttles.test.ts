import { deviceFlowScopes, standardFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredPayloads } from '../src/identity/oidc-adapter.ts';
import { createThrottles, type ThrottleResult, type Throttles } from '../src/identity/throttle.ts';
import { type Db, openDatabase } from '../src/store/database.ts';
import { findOidcPayload, upsertOidcPayload } from '../src/store/oidc-payloads.ts';
import { BrowserSession, formIn } from './browser-session.ts';
import { DEMO_PASSWORD, discover } from './identity-helpers.ts';
import { fromAddress, inParallel, tally } from './loopback-http.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const WEB_CLIENT = 'careboard-board';
const DEVICE_CLIENT = 'demo-device';
const LIMITS = {
  signInFreeFailures: 3,
  signInDelayBaseMs: 100,
  signInDelayMaxMs: 800,
  signInAccountFailures: 10,
  signInAccountDelayMs: 300,
  createPerClientAddress: 5,
  createPerAddress: 20,
  createPerClient: 12,
  createWindowSec: 60,
};

/**
 * The real throttles, told which address a request comes from (the test plays
 * several addresses from one loopback), and remembering each sign-in's answer.
 */
let address = 'A';
const signIns: { address: string; result: ThrottleResult }[] = [];
const real = createThrottles(LIMITS);
const throttles: Throttles = {
  signIn: async (email) => {
    const result = await real.signIn(email, address);
    signIns.push({ address, result });
    return result;
  },
  signInSucceeded: (email) => real.signInSucceeded(email, address),
  userCode: (code) => real.userCode(code, address),
  providerRequest: (clientId) => real.providerRequest(clientId, address),
};

let server: TestServer;
let db: Db;
beforeAll(async () => {
  server = await startTestServer({ throttles });
  db = openDatabase(server.databaseUrl, 2);
});
afterAll(async () => {
  await db?.destroy();
  await server?.close();
});

async function rowCount(): Promise<number> {
  const row = await db
    .selectFrom('oidc_payloads')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The sign-in page of a fresh browser (GET /authorize, as the board starts it). */
async function loginPage() {
  const config = await discover(server, WEB_CLIENT);
  const redirectUri = `${server.baseUrl}/auth/callback`;
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: standardFlowScopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
    audience: server.config.identity.audience,
  });
  const browser = new BrowserSession();
  const page = await browser.follow(url.toString(), {}, redirectUri);
  return { browser, page, redirectUri };
}

describe('password guessing against one account (IDN-14)', () => {
  it('slows the guessing address, never locks the owner out', async () => {
    address = 'A';
    const attacker = await loginPage();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++) {
      const answer = await attacker.browser.submit(attacker.page.url, formIn(attacker.page.html), {
        email: 'staff@demo.test',
        password: `guess-${attempt}`,
      });
      statuses.push(answer.response.status);
    }
    // Refused never; the same answer as any wrong password.
    expect(statuses).toEqual(Array(15).fill(401));
    const delays = signIns.map((entry) => (entry.result.allowed ? (entry.result.delayMs ?? 0) : -1));
    // Free at first, then doubling, capped.
    expect(delays.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(delays.slice(4, 7)).toEqual([100, 200, 400]);
    expect(delays.slice(7).every((delay) => delay === LIMITS.signInDelayMaxMs)).toBe(true);

    // The owner, from elsewhere, with the right password: in at once (no delay at all).
    address = 'B';
    signIns.length = 0;
    const owner = await loginPage();
    const back = await owner.browser.submit(
      owner.page.url,
      formIn(owner.page.html),
      { email: 'staff@demo.test', password: DEMO_PASSWORD },
      owner.redirectUri,
    );
    expect(new URL(back.url).searchParams.get('code')).toBeTruthy();
    expect(signIns).toEqual([{ address: 'B', result: { allowed: true, delayMs: 0 } }]);

    // The right password from the guessing address is answered too, after the delay.
    address = 'A';
    signIns.length = 0;
    await attacker.browser.submit(attacker.page.url, formIn(attacker.page.html), {
      email: 'staff@demo.test',
      password: 'guess-again',
    });
    const startedAt = Date.now();
    const fromA = await loginPage();
    const late = await fromA.browser.submit(
      fromA.page.url,
      formIn(fromA.page.html),
      { email: 'staff@demo.test', password: DEMO_PASSWORD },
      fromA.redirectUri,
    );
    expect(new URL(late.url).searchParams.get('code')).toBeTruthy();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(LIMITS.signInDelayMaxMs);
  });

  it('keeps a hard budget per address across accounts', async () => {
    address = 'C';
    const limited = createThrottles({ signInPerAddress: 4 });
    const results = [];
    for (const email of ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test', 'e@x.test']) {
      results.push((await limited.signIn(email, 'C')).allowed);
    }
    expect(results).toEqual([true, true, true, true, false]);
  });
});

describe('requests that store rows before anyone signs in (IDN-15, IDN-18)', () => {
  const deviceCode = () =>
    fetch(`${server.baseUrl}/oauth/device/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: DEVICE_CLIENT,
        scope: deviceFlowScopes.join(' '),
        audience: server.config.identity.audience,
      }),
    });

  it('answers POST /oauth/device/code over the budget of a client and address with 429 and stores nothing', async () => {
    address = 'D';
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.createPerClientAddress; i++) statuses.push((await deviceCode()).status);
    expect(statuses).toEqual(Array(LIMITS.createPerClientAddress).fill(200));
    const before = await rowCount();
    for (let i = 0; i < 20; i++) {
      const refused = await deviceCode();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ error: 'slow_down' });
    }
    expect(await rowCount()).toBe(before);
  });

  it('limits GET /activate and GET /authorize per client and address, with a page', async () => {
    address = 'E';
    const before = await rowCount();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.createPerClientAddress + 3; i++) {
      statuses.push((await fetch(`${server.baseUrl}/activate`)).status);
    }
    expect(statuses.slice(0, LIMITS.createPerClientAddress).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(LIMITS.createPerClientAddress)).toEqual([429, 429, 429]);
    const created = (await rowCount()) - before;
    expect(created).toBeLessThanOrEqual(LIMITS.createPerClientAddress);
    // The code page's budget is its own: the same address still starts a sign-in, up to its budget.
    const authorize = () =>
      fetch(`${server.baseUrl}/authorize?client_id=${WEB_CLIENT}&response_type=code`, { redirect: 'manual' });
    const started: number[] = [];
    for (let i = 0; i < LIMITS.createPerClientAddress; i++) {
      const answer = await authorize();
      await answer.arrayBuffer();
      started.push(answer.status);
    }
    expect(started.filter((status) => status === 429)).toEqual([]);
    const refused = await authorize();
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Too many requests');
    const stored = await rowCount();
    expect((await authorize()).status).toBe(429);
    expect(await rowCount()).toBe(stored);
  });

  it('limits one address across clients', async () => {
    address = 'G';
    const limited = createThrottles({ createPerClientAddress: 3, createPerAddress: 5 });
    const allowed = [];
    for (const client of ['a', 'b', 'c', 'd', 'e', 'f'])
      allowed.push((await limited.providerRequest(client, 'G')).allowed);
    expect(allowed).toEqual([true, true, true, true, true, false]);
  });

  it('limits one client across addresses', async () => {
    // 12 per client a minute: address D spent 5 above; these spend the rest from fresh addresses.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      address = `F${i}`;
      statuses.push((await deviceCode()).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('deletes expired rows at once (device codes a day after expiry)', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
    const row = (type: string, id: string, expiresAt: Date) => ({
      type,
      id,
      payload: '{}',
      grant_id: null,
      user_code: null,
      uid: null,
      expires_at: expiresAt,
    });
    await upsertOidcPayload(db, row('Session', 'expired-session', hoursAgo(0.01)));
    await upsertOidcPayload(db, row('Interaction', 'live-interaction', hoursAgo(-1)));
    await upsertOidcPayload(db, row('DeviceCode', 'late-device-code', hoursAgo(2)));
    await upsertOidcPayload(db, row('DeviceCode', 'old-device-code', hoursAgo(25)));
    expect(await deleteExpiredPayloads(db)).toBeGreaterThanOrEqual(2);
    const left = async (type: string, id: string) =>
      (await findOidcPayload(db, type, 'id', id)) !== undefined;
    expect(await left('Session', 'expired-session')).toBe(false);
    expect(await left('Interaction', 'live-interaction')).toBe(true);
    expect(await left('DeviceCode', 'late-device-code')).toBe(true);
    expect(await left('DeviceCode', 'old-device-code')).toBe(false);
  });
});

describe("one client's budget is not everyone's (hardening, finding 3; IDN-18)", () => {
  // The real budgets, and real client addresses: each flood leaves from its own loopback address.
  let open: TestServer;
  beforeAll(async () => {
    open = await startTestServer();
  });
  afterAll(() => open?.close());

  /** POST /oauth/device/code of the demo customer's screens, from `client`: its status and body. */
  function askForCode(client: ReturnType<typeof fromAddress>) {
    return client.request(`${open.baseUrl}/oauth/device/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: DEVICE_CLIENT,
        scope: deviceFlowScopes.join(' '),
        audience: open.config.identity.audience,
      }).toString(),
    });
  }

  /** `count` device-code requests from `address`, 8 at a time; their statuses. */
  async function deviceCodesFrom(address: string, count: number): Promise<number[]> {
    const client = fromAddress(address);
    try {
      return await inParallel(count, 8, async () => (await askForCode(client)).status);
    } finally {
      client.close();
    }
  }

  it('leaves a screen at another address its code after 300 requests from one address and 300 from six', async () => {
    // IDN-18's budget: 60 a minute per client and address.
    const perPair = 60;
    const one = await deviceCodesFrom('127.0.0.2', 300);
    // The flooding address gets its own budget and no more.
    expect(tally(one)).toEqual({ 200: perPair, 429: 300 - perPair });

    const six = await Promise.all(
      ['127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7', '127.0.0.8'].map((address) =>
        deviceCodesFrom(address, 50),
      ),
    );
    expect(tally(six.flat())).toEqual({ 200: 300 });

    // A screen of the same customer elsewhere still gets its code, at once.
    const screen = fromAddress('127.0.0.9', 1);
    try {
      const answer = await askForCode(screen);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({
        user_code: expect.stringMatching(/^[A-Z]{4}-[A-Z]{4}$/),
      });
    } finally {
      screen.close();
    }
    // While the flooding address is still refused: its budget, not everyone's.
    expect(await deviceCodesFrom('127.0.0.2', 1)).toEqual([429]);
  }, 60_000);
});
