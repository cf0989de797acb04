import { LiveCloseCode } from '@careboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlClient, rawSocket, waitUntil } from './live-clients.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken, nowSec } from './test-tokens.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function initWith(token: string | undefined) {
  const raw = await rawSocket(server);
  raw.socket.send(
    JSON.stringify({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} }),
  );
  return raw;
}

describe('GraphQL connection authentication', () => {
  it('closes a connection without a token with Unauthorized', async () => {
    expect(await (await initWith(undefined)).closed).toBe(LiveCloseCode.Unauthorized);
  });

  it('closes a connection with a bad or expired token with Unauthorized', async () => {
    expect(await (await initWith('not-a-token')).closed).toBe(LiveCloseCode.Unauthorized);
    const expired = await accessToken(server, { exp: nowSec() - 120 });
    expect(await (await initWith(expired)).closed).toBe(LiveCloseCode.Unauthorized);
  });

  it('closes a connection whose token lacks access:display-board with Forbidden', async () => {
    const visitor = await accessToken(server, { scope: 'read:sites' });
    expect(await (await initWith(visitor)).closed).toBe(LiveCloseCode.Forbidden);
  });

  it('acknowledges a good token and answers operations', async () => {
    const token = await accessToken(server);
    const client = graphqlClient(server, () => token);
    const result = await new Promise<unknown>((resolve, reject) => {
      client.subscribe({ query: '{ now }' }, { next: resolve, error: reject, complete: () => {} });
    });
    expect(result).toMatchObject({ data: { now: expect.any(String) } });
    await client.dispose();
  });
});

describe('in-band token renewal', () => {
  const renew = (token: string) => ({
    query: 'mutation($t: String!) { authenticate(token: $t) { expires_at } }',
    variables: { t: token },
  });

  it('keeps the connection past the old token’s expiry once renewed', async () => {
    // Expired 57 s ago: inside the 60 s leeway, so the connection has about 3 s left.
    let token = await accessToken(server, { exp: nowSec() - 57 });
    let closedWith: number | undefined;
    const client = graphqlClient(
      server,
      () => token,
      (code) => (closedWith = code),
    );
    const fresh = await accessToken(server, { exp: nowSec() + 600 });
    const renewed = await new Promise<unknown>((resolve, reject) => {
      client.subscribe(renew(fresh), { next: resolve, error: reject, complete: () => {} });
    });
    token = fresh;
    expect(renewed).toMatchObject({ data: { authenticate: { expires_at: expect.any(Number) } } });
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(closedWith).toBeUndefined();
    await client.dispose();
  }, 10_000);

  it('closes a connection whose token lapses without renewal', async () => {
    const token = await accessToken(server, { exp: nowSec() - 58 });
    let closedWith: number | undefined;
    const client = graphqlClient(
      server,
      () => token,
      (code) => (closedWith = code),
    );
    await waitUntil(() => closedWith !== undefined, 6_000);
    expect(closedWith).toBe(LiveCloseCode.Unauthorized);
    await client.dispose();
  }, 10_000);

  /** Opens a connection with a demo token, renews it with `next`, and answers the close code. */
  async function closeCodeAfterRenewal(next: string): Promise<number | undefined> {
    const token = await accessToken(server);
    let closedWith: number | undefined;
    const client = graphqlClient(
      server,
      () => token,
      (code) => (closedWith = code),
    );
    await new Promise<void>((resolve) => {
      client.subscribe(renew(next), {
        next: () => resolve(),
        error: () => resolve(),
        complete: () => resolve(),
      });
    });
    await waitUntil(() => closedWith !== undefined);
    await client.dispose();
    return closedWith;
  }

  it("closes a connection renewed with another customer's token with Forbidden", async () => {
    const other = await accessToken(server, { org_id: 'org_bravo' });
    await insertCustomer(server, 'bravo', 'org_bravo');
    expect(await closeCodeAfterRenewal(other)).toBe(LiveCloseCode.Forbidden);
  });

  it("closes a person's connection renewed with a screen's token with Forbidden (IDN-16)", async () => {
    // What a connection may read is settled when it subscribes; a renewal may not change who it is.
    const screen = await accessToken(server, { device_id: 1 });
    expect(await closeCodeAfterRenewal(screen)).toBe(LiveCloseCode.Forbidden);
  });
});

describe('bad input on the socket', () => {
  async function connected() {
    const raw = await initWith(await accessToken(server));
    await waitUntil(() => raw.messages.some((m) => (m as { type?: string }).type === 'connection_ack'));
    return raw;
  }

  it('closes on a frame that is not the protocol, with BadRequest', async () => {
    const raw = await connected();
    raw.socket.send('{"this is": not json');
    expect(await raw.closed).toBe(LiveCloseCode.BadRequest);
  });

  it('closes on a message over the size limit', async () => {
    const raw = await connected();
    raw.socket.send(
      JSON.stringify({
        id: '1',
        type: 'subscribe',
        payload: { query: `{ now }`, variables: { x: 'y'.repeat(70_000) } },
      }),
    );
    expect(await raw.closed).toBe(LiveCloseCode.MessageTooLarge);
  });

  it.each([
    ['a malformed document', '{ now '],
    ['an unknown operation field', '{ nothingHere }'],
    ['a document too deep', '{ now { a { b { c { d { e { f { g { h { i } } } } } } } } } }'],
    ['an alias-heavy document', `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: now`).join(' ')} }`],
    ['too many tokens', `{ ${'now '.repeat(2000)} }`],
  ])('answers %s with a GraphQL error and keeps the connection', async (_name, query) => {
    const raw = await connected();
    raw.socket.send(JSON.stringify({ id: 'q1', type: 'subscribe', payload: { query } }));
    await waitUntil(() => raw.messages.some((m) => (m as { type?: string }).type === 'error'));
    raw.socket.send(JSON.stringify({ id: 'q2', type: 'subscribe', payload: { query: '{ now }' } }));
    await waitUntil(() =>
      raw.messages.some(
        (m) => (m as { id?: string; type?: string }).id === 'q2' && (m as { type?: string }).type === 'next',
      ),
    );
    raw.socket.close();
  });
});

async function insertCustomer(target: TestServer, id: string, org: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  await client.query(
    'INSERT INTO customers (id, auth_org_id, auth_device_client_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [id, org, `${id}-device`],
  );
  await client.end();
}
