import { setTimeout as sleep } from 'node:timers/promises';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { createClient } from 'redis';

/** What socket.io's `adapter` option takes. */
export type SocketAdapter = ReturnType<typeof createAdapter>;

/**
 * Fan-out between server nodes through Redis pub/sub (REDIS_URL). It carries socket.io's room
 * broadcasts only: data changes already reach every node through PostgreSQL (NOTIFY is sent on
 * commit of the writing transaction and change_log is read back), so Redis never carries them.
 */
export interface RedisFanOut {
  /** Room broadcasts reach the sockets of every node, not only this one's. */
  readonly socketAdapter: SocketAdapter;
  close(): Promise<void>;
}

type RedisClient = ReturnType<typeof redisClient>;

/** Channel prefix, so one Redis can serve other applications too. */
const CHANNEL_PREFIX = 'careboard.socket.io';
const CONNECT_TIMEOUT_MS = 5_000;
const RECONNECT_MAX_MS = 2_000;
/** Closing waits for queued commands; a Redis that has gone away must not hold up shutdown. */
const CLOSE_WITHIN_MS = 2_000;

/**
 * Connects a publisher and a subscriber (a subscribed connection can send nothing else).
 * An unreachable Redis at start rejects, so the server stops with the reason; a connection
 * lost later is retried with back-off and the subscriptions are renewed; broadcasts sent
 * meanwhile reach this node's sockets, and other nodes' only if they outlast the outage.
 */
export async function connectRedisFanOut(url: string, log: Logger): Promise<RedisFanOut> {
  const publisher = redisClient(url, log, 'publisher');
  const subscriber = redisClient(url, log, 'subscriber');
  const connected = await Promise.allSettled([publisher.connect(), subscriber.connect()]);
  const failed = connected.find((result) => result.status === 'rejected');
  if (failed) {
    for (const client of [publisher, subscriber]) if (client.isOpen) client.destroy();
    throw new Error(`Redis (REDIS_URL) is not reachable: ${String(failed.reason?.message ?? failed.reason)}`);
  }
  log.info('connected to Redis: socket broadcasts reach every node');
  return {
    socketAdapter: createAdapter(publisher, subscriber, { key: CHANNEL_PREFIX }),
    close: async () => {
      await Promise.all([closeClient(publisher), closeClient(subscriber)]);
    },
  };
}

function redisClient(url: string, log: Logger, role: 'publisher' | 'subscriber') {
  let wasReady = false;
  let up = false;
  const client = createClient({
    url,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Before the first connection: give up (the start fails). After: retry, 100 ms doubling to 2 s.
      reconnectStrategy: (retries, cause) =>
        wasReady ? Math.min(100 * 2 ** retries, RECONNECT_MAX_MS) : cause,
    },
  });
  client.on('ready', () => {
    if (wasReady && !up) log.info({ role }, 'Redis connection restored');
    wasReady = true;
    up = true;
  });
  // Without a listener node-redis would throw. One line per outage, not one per failed retry.
  client.on('error', (error: unknown) => {
    if (up) log.warn({ err: error, role }, 'Redis connection lost; retrying');
    up = false;
  });
  return client;
}

async function closeClient(client: RedisClient): Promise<void> {
  if (!client.isOpen) return;
  const closed = await Promise.race([
    client.close().then(
      () => true,
      () => true,
    ),
    sleep(CLOSE_WITHIN_MS, false, { ref: false }),
  ]);
  if (!closed) client.destroy();
}
