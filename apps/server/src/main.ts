import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config/config.ts';
import { createLogger } from './http/logger.ts';
import { DataDirInUseError } from './store/data-dir-lock.ts';
import {
  DataDirNotAccessibleError,
  type EmbeddedDatabase,
  startEmbeddedPostgres,
} from './store/embedded-postgres.ts';

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

async function main(): Promise<void> {
  const config = readConfig();
  const log = createLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  try {
    embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  } catch (error) {
    if (error instanceof DataDirInUseError || error instanceof DataDirNotAccessibleError)
      exitWith(error.message);
    throw error;
  }
  // We own the shutdown order (stop taking requests, then stop PostgreSQL), so
  // the signal hooks embedded-postgres installs for itself are replaced by ours.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
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
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await embedded?.stop();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      exitWith(`Port ${config.port} is already in use. Set PORT to a free port.`);
    }
    throw error;
  }
  const lines = [
    '',
    `Careboard is running at ${config.publicUrl}`,
    ...(config.demo
      ? [
          `  Workflow board (sign in):  ${config.publicUrl}/?id=1`,
          `  Activate as a device:      ${config.publicUrl}/?id=1&auth_flow=1`,
        ]
      : []),
    `  Runtime config:            ${config.publicUrl}/config.json`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Careboard failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
