import { reconnectWaitMs } from '@careboard/contracts';
import { type Client, type ClientOptions, createClient } from 'graphql-ws';
import type { ConnectionStatus } from '../state/app-store.ts';

/**
 * Ping the server this often; a pong that does not come within PONG_TIMEOUT_MS
 * means the socket is dead. Together at most 5 s: a board must say it is not
 * live within 5 s of losing its connection, even one that drops silently (decision SCR-03).
 */
export const KEEP_ALIVE_MS = 3_000;
export const PONG_TIMEOUT_MS = 2_000;

export interface LiveClientOptions {
  readonly url: string;
  /** Read at every (re)connection, so a reconnect always carries the current token. */
  readonly getAccessToken: () => string | null;
  readonly onStatus: (status: ConnectionStatus) => void;
  /** The close code of each closed socket (4401: the token is no longer good, renew it). */
  readonly onClosed?: (code: number) => void;
  readonly createClient?: (options: ClientOptions) => Client;
  /** The board's release, told to the server with each connection (the console's Screens list shows it). */
  readonly appVersion?: string;
}

/**
 * The graphql-ws client for GRAPHQL_URL. A board runs unattended for months, so
 * it connects at once (not lazily: the data-connection guard waits for it),
 * retries for ever, and closes a socket that stops answering pings.
 */
export function createLiveClient(options: LiveClientOptions): Client {
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  const client: Client = (options.createClient ?? createClient)({
    url: options.url,
    lazy: false,
    keepAlive: KEEP_ALIVE_MS,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    // Short, spread waits for the first minute of an outage, then 30 s (decision LIVE-23).
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, reconnectWaitMs(retries))),
    connectionParams: () => ({
      authorization: `Bearer ${options.getAccessToken() ?? ''}`,
      ...(options.appVersion ? { app_version: options.appVersion } : {}),
    }),
    on: {
      connecting: () => options.onStatus('connecting'),
      connected: () => options.onStatus('connected'),
      closed: (event) => {
        clearTimeout(pongTimer);
        options.onStatus('closed');
        const code = (event as { code?: unknown } | undefined)?.code;
        if (typeof code === 'number') options.onClosed?.(code);
      },
      ping: (received) => {
        if (received) return;
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => client.terminate(), PONG_TIMEOUT_MS);
      },
      pong: (received) => {
        if (received) clearTimeout(pongTimer);
      },
    },
  });
  return client;
}
