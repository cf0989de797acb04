import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const REQUEST_TIMEOUT_SEC = 2;
const CAP = 5;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      CAREBOARD_REQUEST_TIMEOUT_SEC: String(REQUEST_TIMEOUT_SEC),
      CAREBOARD_CONNECTIONS_PER_ADDRESS: String(CAP),
    },
  });
});
afterAll(() => server?.close());

const port = () => Number(new URL(server.baseUrl).port);

/** GET /health on a connection of its own that closes after the answer (no pool to hold it open). */
function health(): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = http.get(`${server.baseUrl}/health`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', () => resolve(undefined));
  });
}

/** A raw connection, resolved once connected; `closed` resolves when the server ends it. */
async function connect(): Promise<{ socket: net.Socket; closed: Promise<number>; received: () => string }> {
  const socket = net.connect(port(), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  // Not events.once: an EPIPE on a write the server cut short must not reject it.
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await once(socket, 'connect');
  return { socket, closed, received: () => received };
}

describe('request timeouts (FND-25)', () => {
  it('closes a connection that sends its headers and then trickles its body', async () => {
    const { socket, closed, received } = await connect();
    const started = Date.now();
    socket.write(
      'POST /activate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n',
    );
    // The page's form body, one byte a second: it would take 1000 s.
    const trickle = setInterval(() => socket.writable && socket.write('a'), 1000);
    try {
      // Cut once the request timeout (2 s) has passed; generous bound for a loaded machine.
      const at = await Promise.race([
        closed,
        new Promise<number>((resolve) => setTimeout(() => resolve(-1), 20_000)),
      ]);
      expect(at).toBeGreaterThan(0);
      expect(at - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_SEC * 1000 - 100);
      expect(received()).toMatch(/^HTTP\/1\.1 408|^$/);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  }, 30_000);

  it('closes a connection that never finishes its headers', async () => {
    const { socket, closed } = await connect();
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 500);
    try {
      const at = await Promise.race([
        closed,
        new Promise<number>((resolve) => setTimeout(() => resolve(-1), 20_000)),
      ]);
      expect(at).toBeGreaterThan(0);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  }, 30_000);

  it('leaves a request whose body has arrived alone: a socket.io long poll outlives the timeout', async () => {
    const socket = io(server.config.runtime.SOCKETS_URL, {
      transports: ['polling'],
      reconnection: false,
      query: { token: await accessToken(server) },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      let lost = '';
      socket.once('disconnect', (reason) => (lost = reason));
      // Each poll is held by the server for up to its ping interval, far past the 2 s request timeout.
      await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_SEC * 1000 * 3));
      expect(lost).toBe('');
      expect(socket.connected).toBe(true);
    } finally {
      socket.disconnect();
    }
  }, 30_000);

  it('still answers an ordinary request', async () => {
    expect(await health()).toBe(200);
  });
});

describe('open connections per address (FND-25)', () => {
  // A server of its own, so no connection of the tests above (a long poll's keep-alive) is counted.
  let timeouts: TestServer;
  beforeAll(async () => {
    timeouts = server;
    server = await startTestServer({
      env: {
        CAREBOARD_REQUEST_TIMEOUT_SEC: String(REQUEST_TIMEOUT_SEC),
        CAREBOARD_CONNECTIONS_PER_ADDRESS: String(CAP),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    server = timeouts;
  });

  it(`closes the connection beyond ${CAP} from one address, and takes new ones once others close`, async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => connect()));
    const extra = await connect();
    const extraClosed = await Promise.race([
      extra.closed.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    expect(extraClosed).toBe(true);
    // The ones within the cap are still served.
    held[0]?.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await expect.poll(() => held[0]?.received() ?? '', { timeout: 10_000 }).toMatch(/^HTTP\/1\.1 200/);

    for (const { socket, closed } of held) {
      socket.destroy();
      await closed;
    }
    await expect.poll(health, { timeout: 10_000 }).toBe(200);
    expect(
      server.logs.some((line) => line.msg === 'too many open connections from one address; refusing more'),
    ).toBe(true);
  }, 30_000);

  it('counts WebSocket upgrades, which outlive the request timeout', async () => {
    const url = `${server.baseUrl.replace(/^http/, 'ws')}/graphql`;
    const open = (): Promise<WebSocket | undefined> =>
      new Promise((resolve) => {
        const socket = new WebSocket(url, 'graphql-transport-ws');
        socket.once('open', () => resolve(socket));
        socket.once('error', () => resolve(undefined));
      });
    const sockets = await Promise.all(Array.from({ length: CAP }, open));
    expect(sockets.every(Boolean)).toBe(true);
    // Longer than the request timeout (2 s), shorter than graphql-ws's 10 s wait for connection_init.
    await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_SEC * 1000 * 2));
    expect(sockets.map((socket) => socket?.readyState)).toEqual(Array(CAP).fill(WebSocket.OPEN));
    expect(await open()).toBeUndefined();
    for (const socket of sockets) socket?.terminate();
  }, 30_000);
});
