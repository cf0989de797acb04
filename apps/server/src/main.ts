import cluster from 'node:cluster';
import type { Server as HttpsServer } from 'node:https';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config/config.ts';
import { createLogger } from './http/logger.ts';
import { loadTls, reloadTls, TlsFilesError } from './http/tls.ts';
import { startCluster } from './nodes/cluster-primary.ts';
import { LISTEN_BACKLOG } from './nodes/listen-backlog.ts';
import { DataDirInUseError } from './store/data-dir-lock.ts';
import { MigrationFailedError, migrateToLatest, NewerDatabaseError, openDatabase } from './store/database.ts';
import { DataDirNotAccessibleError, startEmbeddedPostgres } from './store/embedded-postgres.ts';

/** Mistakes an operator can fix get one clear message and exit code 1, no stack trace. */
function exitWith(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
}

/** A HOST that only this machine reaches. */
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/**
 * Demo data signs in with a password the README prints (FND-38): unset, HOST is loopback and
 * the start says how to open it; set to an address others reach, the start warns.
 */
function demoListenLines(config: Config): string[] {
  if (!config.demo) return [];
  if (!config.hostSet)
    return [
      `  Listening on ${config.host} only: the demo accounts' password is public.`,
      '  Set HOST=0.0.0.0 to listen on every interface.',
    ];
  if (isLoopback(config.host)) return [];
  return [
    `  Warning: demo data on HOST=${config.host}: anyone who reaches it can sign in as admin@demo.test`,
    '  with the public demo password. Set CAREBOARD_DEMO=off for real use.',
  ];
}

/** Addresses a browser counts as a secure context over plain http (loopback). */
const isLocalName = (host: string) => isLoopback(host) || host === '[::1]' || host.endsWith('.localhost');

/**
 * Browsers sign in (PKCE's crypto.subtle) and activate devices only in a secure context: https, or
 * plain http on localhost. A plain-http PUBLIC_URL on any other name works for nobody but this
 * machine, so the start says so and how to fix it (FND-44).
 */
function insecurePublicUrlLines(config: Config): string[] {
  const url = new URL(config.publicUrl);
  if (url.protocol !== 'http:' || isLocalName(url.hostname)) return [];
  return [
    `  Warning: PUBLIC_URL ${config.publicUrl} is plain http on an address other than localhost:`,
    '  browsers refuse sign-in and device activation outside a secure context (https), so boards',
    '  and the console opened there show that HTTPS is required. Set TLS_CERT_FILE and TLS_KEY_FILE',
    '  with an https PUBLIC_URL, or serve it through a TLS reverse proxy (docs/operations.md, TLS).',
  ];
}

function printRunning(config: Config): void {
  const lines = [
    '',
    `Careboard is running at ${config.publicUrl}`,
    ...(config.nodes.count > 1
      ? [`  Server processes:          ${config.nodes.count} (CAREBOARD_NODES)`]
      : []),
    ...(config.demo
      ? [
          `  Workflow board (sign in):  ${config.publicUrl}/?id=1`,
          `  Activate as a device:      ${config.publicUrl}/?id=1&auth_flow=1`,
        ]
      : []),
    `  Console (operators):       ${config.publicUrl}/console`,
    `  Runtime config:            ${config.publicUrl}/config.json`,
    ...demoListenLines(config),
    ...insecurePublicUrlLines(config),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** TLS files that do not load stop the start with one line, before any process or database starts (FND-44). */
async function checkTlsFiles(config: Config): Promise<void> {
  if (!config.tls) return;
  try {
    await loadTls(config.tls);
  } catch (error) {
    if (error instanceof TlsFilesError) exitWith(error.message);
    throw error;
  }
}

async function startDatabase(config: Config, log: ReturnType<typeof createLogger>) {
  try {
    return config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  } catch (error) {
    if (error instanceof DataDirInUseError || error instanceof DataDirNotAccessibleError)
      exitWith(error.message);
    throw error;
  }
}

/** A database this version must not run on, or a migration that failed: one line each (FND-49, FND-50). */
const isDatabaseRefusal = (error: unknown): error is Error =>
  error instanceof NewerDatabaseError || error instanceof MigrationFailedError;

/**
 * The cluster's first process migrates once, before any server process starts: a refusal is then
 * said once and ends the start, instead of every process dying with it and being started again.
 */
async function migrateForNodes(url: string): Promise<void> {
  const db = openDatabase(url, 1);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/**
 * We own the shutdown order (stop taking requests, then stop PostgreSQL), so the signal hooks
 * embedded-postgres installs for itself (async-exit-hook: SIGINT, SIGTERM and SIGHUP, which it
 * answers by exiting) are replaced by ours.
 */
function removeSignalHooks(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(signal);
}

/** CAREBOARD_NODES above 1: this process starts the database (if embedded) and the server processes. */
async function runPrimary(config: Config): Promise<void> {
  const log = createLogger(config.logLevel);
  const embedded = await startDatabase(config, log);
  removeSignalHooks();
  await migrateForNodes(config.databaseUrl ?? embedded?.url ?? '').catch(async (error: unknown) => {
    await embedded?.stop();
    throw error;
  });
  const nodes = startCluster({
    count: config.nodes.count,
    env: embedded ? { DATABASE_URL: embedded.url } : {},
    log,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await nodes.stop();
    await embedded?.stop().catch((error: unknown) => log.error({ err: error }, 'stopping PostgreSQL failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Each process serves its own connections with its own certificate: each reloads it (FND-44).
  // Without TLS files a hangup stops the service, as it did before.
  process.on('SIGHUP', () => (config.tls ? nodes.signal('SIGHUP') : void stop('SIGHUP')));
  await nodes.listening;
  printRunning(config);
}

/** One server: the only one, or one of the cluster's processes. */
async function runNode(config: Config): Promise<void> {
  const log = createLogger(config.logLevel);
  const embedded = cluster.isWorker ? undefined : await startDatabase(config, log);
  removeSignalHooks();
  const databaseUrl = config.databaseUrl ?? embedded?.url ?? '';
  const app = await buildApp({ config, databaseUrl, logger: log }).catch(async (error: unknown) => {
    await embedded?.stop();
    throw error;
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await app.close().catch((error: unknown) => log.error({ err: error }, 'closing the server failed'));
    await embedded?.stop().catch((error: unknown) => log.error({ err: error }, 'stopping PostgreSQL failed'));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  if (cluster.isWorker) {
    // Ctrl+C reaches every process of the cluster: the first one stops the others (SIGTERM),
    // and a process whose first one is gone stops too.
    process.on('SIGINT', () => undefined);
    process.on('disconnect', () => void stop('disconnect'));
  } else process.on('SIGINT', () => void stop('SIGINT'));
  // A renewed certificate is served to new connections without a restart (FND-44); without TLS
  // files a hangup stops the server, as it did before (a cluster's process ignores it: its first
  // one passes SIGHUP on only to reload).
  const tls = config.tls;
  process.on('SIGHUP', () => {
    if (tls) void reloadTls(app.server as unknown as HttpsServer, tls, log);
    else if (!cluster.isWorker) void stop('SIGHUP');
  });

  try {
    await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  } catch (error) {
    await embedded?.stop();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      exitWith(`Port ${config.port} is already in use. Set PORT to a free port.`);
    }
    throw error;
  }
  if (!cluster.isWorker) printRunning(config);
}

async function main(): Promise<void> {
  const config = readConfig();
  await checkTlsFiles(config);
  if (config.nodes.count > 1 && cluster.isPrimary) await runPrimary(config);
  else await runNode(config);
}

main().catch((error: unknown) => {
  if (isDatabaseRefusal(error)) exitWith(error.message);
  process.stderr.write(
    `Careboard failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
