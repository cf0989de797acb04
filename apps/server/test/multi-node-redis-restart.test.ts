import { createServer } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedisFanOut, type RedisFanOut } from '../src/live/bus/redis.ts';
import { waitUntil } from './live-clients.ts';
import { startRedis, type TestRedis } from './multi-node-redis.ts';

/** A bare socket.io node on a fan-out: every socket joins one room; `go` broadcasts to it. */
async function node(fanOut: RedisFanOut) {
  const http = createServer();
  const io = new Server(http, { adapter: fanOut.socketAdapter });
  io.on('connection', (socket) => {
    void socket.join('room');
    socket.on('go', (n: number) => io.to('room').emit('went', n));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { io, url };
}

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink), lines };
}

let redis: TestRedis | undefined;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await redis?.stop();
});

describe('the Redis fan-out when Redis goes away and comes back', () => {
  it('carries broadcasts between nodes again, having said once that it was lost and once that it is back', async () => {
    redis = await startRedis();
    const { log, lines } = logCapture();
    const fanOuts = [await connectRedisFanOut(redis.url, log), await connectRedisFanOut(redis.url, log)];
    const nodes = await Promise.all(fanOuts.map(node));
    for (const [i, n] of nodes.entries()) {
      cleanups.push(
        () => fanOuts[i]?.close(),
        () => n.io.close(),
      );
    }
    const [a, b] = nodes as [Awaited<ReturnType<typeof node>>, Awaited<ReturnType<typeof node>>];
    const sender: Socket = connect(a.url, { transports: ['websocket'] });
    const receiver: Socket = connect(b.url, { transports: ['websocket'] });
    cleanups.push(
      () => sender.disconnect(),
      () => receiver.disconnect(),
    );
    const received: number[] = [];
    receiver.on('went', (n: number) => received.push(n));
    await waitUntil(() => sender.connected && receiver.connected);

    sender.emit('go', 1);
    await waitUntil(() => received.includes(1));

    await redis.stop('SIGKILL');
    await waitUntil(
      () => lines.filter((line) => line.msg === 'Redis connection lost; retrying').length === 4,
    );
    redis = await startRedis(redis.port);
    await waitUntil(
      () => lines.filter((line) => line.msg === 'Redis connection restored').length === 4,
      10_000,
    );

    // Re-subscribing follows the reconnect closely; keep asking until a broadcast crosses.
    let n = 1;
    await waitUntil(() => {
      if (received.some((value) => value > 1)) return true;
      sender.emit('go', ++n);
      return false;
    }, 10_000);
    // The sockets never noticed: only the link between the nodes went and came back.
    expect(sender.connected && receiver.connected).toBe(true);
    // Four clients (a publisher and a subscriber per node), one line each way per outage.
    expect(lines.filter((line) => line.msg === 'Redis connection lost; retrying')).toHaveLength(4);
    expect(lines.filter((line) => line.msg === 'Redis connection restored')).toHaveLength(4);
  });
});
