import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createThrottles } from '../src/identity/throttle.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** A made-up client address, different every call, as a forger would send. */
let forged = 0;
const randomAddress = () => `198.51.100.${(forged++ % 250) + 1}`;

const LIMIT = 3;
const throttles = () =>
  createThrottles({
    signInPerAddress: LIMIT,
    userCodePerCode: 100,
    userCodePerAddress: LIMIT,
    windowSec: 60,
  });

/** POST /activate: its user-code throttle counts per address (request.ip). */
async function typeCode(server: TestServer): Promise<number> {
  const response = await fetch(`${server.baseUrl}/activate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': randomAddress() },
    body: new URLSearchParams({ user_code: 'BCDF-GHJK', xsrf: 'x' }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A GraphQL upgrade: its limit counts new connections per address. */
function upgrade(server: TestServer): Promise<number> {
  const url = `${server.baseUrl.replace(/^http/, 'ws')}/graphql`;
  return new Promise((resolve) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', {
      headers: { 'x-forwarded-for': randomAddress() },
    });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', () => resolve(0));
  });
}

async function statuses(times: number, call: () => Promise<number>): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < times; i++) answers.push(await call());
  return answers;
}

const env = (extra: Record<string, string> = {}) => ({
  PUBLIC_URL: 'https://boards.example.test',
  CAREBOARD_LIVE_CONNECTIONS_PER_MINUTE: String(LIMIT),
  ...extra,
});

describe('X-Forwarded-For from an untrusted peer (FND-24)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: env(), throttles: throttles() });
  });
  afterAll(() => server?.close());

  it('changes nothing: with an https PUBLIC_URL and no TRUSTED_PROXIES the user-code throttle still trips', async () => {
    const answers = await statuses(LIMIT + 2, () => typeCode(server));
    expect(answers.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(400));
    expect(answers.slice(LIMIT)).toEqual([429, 429]);
  });

  it('changes nothing for the WebSocket upgrade limit either', async () => {
    const answers = await statuses(LIMIT + 2, () => upgrade(server));
    expect(answers).toEqual([...Array(LIMIT).fill(101), 429, 429]);
  });
});

describe('X-Forwarded-For from a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: env({ TRUSTED_PROXIES: '127.0.0.1' }), throttles: throttles() });
  });
  afterAll(() => server?.close());

  it('names the client: each forwarded address has its own user-code budget', async () => {
    const answers = await statuses(LIMIT + 2, () => typeCode(server));
    expect(answers.filter((status) => status === 429)).toEqual([]);
  });

  it('names the client for the WebSocket upgrade limit', async () => {
    const answers = await statuses(LIMIT + 2, () => upgrade(server));
    expect(answers).toEqual(Array(LIMIT + 2).fill(101));
  });

  it('takes the address the proxy appended, not what the client wrote before it', async () => {
    const answers: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const response = await fetch(`${server.baseUrl}/activate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          // The client forged the first entry; the trusted proxy appended the address it saw.
          'x-forwarded-for': `${randomAddress()}, 203.0.113.77`,
        },
        body: new URLSearchParams({ user_code: 'BCDF-GHJK', xsrf: 'x' }),
      });
      await response.arrayBuffer();
      answers.push(response.status);
    }
    expect(answers.at(-1)).toBe(429);
  });
});
