import type { Client, ClientOptions } from 'graphql-ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from '../state/app-store.ts';
import { createLiveClient, KEEP_ALIVE_MS, PONG_TIMEOUT_MS } from './create-live-client.ts';

function capture() {
  let options: ClientOptions | undefined;
  const client = {
    subscribe: vi.fn(),
    terminate: vi.fn(),
    on: vi.fn(),
    dispose: vi.fn(),
  } as unknown as Client;
  const statuses: ConnectionStatus[] = [];
  let token: string | null = 'access-1';
  createLiveClient({
    url: 'wss://board.example/graphql',
    getAccessToken: () => token,
    onStatus: (status) => statuses.push(status),
    createClient: (given) => {
      options = given;
      return client;
    },
  });
  if (!options) throw new Error('no client was created');
  return { options, client, statuses, setToken: (value: string) => (token = value) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live client', () => {
  it('connects to GRAPHQL_URL at once and retries for ever', () => {
    const { options } = capture();
    expect(options.url).toBe('wss://board.example/graphql');
    expect(options.lazy).toBe(false);
    expect(options.retryAttempts).toBe(Number.POSITIVE_INFINITY);
    expect(options.shouldRetry?.(new Error('any'))).toBe(true);
  });

  it('sends the current access token as the bearer at each connection', async () => {
    const { options, setToken } = capture();
    const params = options.connectionParams as () => Record<string, unknown>;
    expect(params()).toEqual({ authorization: 'Bearer access-1' });
    setToken('access-2');
    expect(params()).toEqual({ authorization: 'Bearer access-2' });
  });

  it('reports connecting, connected and closed', () => {
    const { options, statuses } = capture();
    options.on?.connecting?.(false);
    options.on?.connected?.({}, undefined, false);
    options.on?.closed?.({});
    expect(statuses).toEqual(['connecting', 'connected', 'closed']);
  });

  it('terminates a socket whose ping gets no pong in time', () => {
    const { options, client } = capture();
    options.on?.ping?.(false, undefined);
    vi.advanceTimersByTime(PONG_TIMEOUT_MS - 1);
    expect(client.terminate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(client.terminate).toHaveBeenCalledOnce();
  });

  it('notices a connection that died silently within 5 s: a ping, then no pong in time', () => {
    const { options } = capture();
    expect(options.keepAlive).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS + PONG_TIMEOUT_MS).toBeLessThanOrEqual(5_000);
  });

  it('keeps a socket that answers its ping', () => {
    const { options, client } = capture();
    options.on?.ping?.(false, undefined);
    options.on?.pong?.(true, undefined);
    vi.advanceTimersByTime(PONG_TIMEOUT_MS * 2);
    expect(client.terminate).not.toHaveBeenCalled();
  });

  it('waits the shared reconnection waits between attempts', async () => {
    const { options } = capture();
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      let waited = false;
      void options.retryWait?.(0).then(() => {
        waited = true;
      });
      await vi.advanceTimersByTimeAsync(249);
      expect(waited).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(waited).toBe(true);
    } finally {
      random.mockRestore();
    }
  });
});
