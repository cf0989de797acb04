import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config/config.ts';
import { createLogger } from '../src/http/logger.ts';
import { freePort } from '../src/store/free-port.ts';
import { createMigratedTestDatabase } from './test-database.ts';

export const FIXTURE_BOARD_DIR = fileURLToPath(new URL('./fixtures/board-dist', import.meta.url));

export interface TestServer {
  readonly app: FastifyInstance;
  readonly config: Config;
  readonly baseUrl: string;
  readonly databaseUrl: string;
  /** Every log line the server wrote, parsed. */
  readonly logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  readonly env?: Readonly<Record<string, string>>;
  readonly databaseUrl?: string;
  /** Reuse a port (and so the issuer) across a restart. */
  readonly port?: number;
  readonly throttles?: import('../src/identity/throttle.ts').Throttles;
  /** Runs on the built app before it listens, e.g. to add a route. */
  readonly beforeListen?: (app: FastifyInstance) => void | Promise<void>;
}

/** A real server (buildApp) on a fresh database and a free loopback port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const port = options.port ?? (await freePort());
  // With TLS_CERT_FILE (and its key) the server speaks HTTPS (FND-44).
  const scheme = options.env?.TLS_CERT_FILE ? 'https' : 'http';
  const baseUrl = `${scheme}://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    CAREBOARD_BOARD_DIR: FIXTURE_BOARD_DIR,
    LOG_LEVEL: 'info',
    // Demo data without the simulator: tests that want movement turn it on.
    CAREBOARD_SIMULATOR_RATE: '0',
    ...options.env,
  });
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const databaseUrl = options.databaseUrl ?? (await createMigratedTestDatabase());
  const app = await buildApp({
    config,
    databaseUrl,
    logger: createLogger(config.logLevel, sink),
    ...(options.throttles ? { throttles: options.throttles } : {}),
  });
  await options.beforeListen?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  return { app, config, baseUrl, databaseUrl, logs, close: () => app.close() };
}
