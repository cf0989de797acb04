import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/store/embedded-postgres.ts';
import { startRedis } from './multi-node-redis.ts';
import { createMigratedTemplate } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** One real Redis per test run, for tests of several server nodes. */
    redisUrl: string;
  }
}

/**
 * `embedded-postgres` registers `async-exit-hook` when it is imported, and that hook answers
 * Node's `beforeExit` with `process.exit(0)`: Vitest sets `process.exitCode = 1` for failed
 * tests and lets the event loop drain, so a failed run exited 0 and CI passed it. Exiting with
 * Vitest's own code first (our listener runs before the hook's) keeps a failure a failure.
 * By then the teardown below has stopped the cluster, which is all the hook was for.
 */
function keepVitestExitCode(): void {
  process.prependListener('beforeExit', () => process.exit(process.exitCode ?? 0));
}

/**
 * One real PostgreSQL cluster per test run (each test file makes its own database on it, most
 * of them copies of one migrated template) and one real Redis (a few milliseconds to start, so
 * always).
 */
export default async function setup(project: TestProject) {
  keepVitestExitCode();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'careboard-test-pg-'));
  // PostgreSQL runs as the `postgres` user when we are root: it must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const cluster = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
  project.provide('postgresAdminUrl', cluster.adminUrl);
  // Migrated once here and copied for each test server, which then finds no migration left to run.
  await createMigratedTemplate(cluster.adminUrl).catch(async (error: unknown) => {
    await cluster.stop();
    throw error;
  });
  const redis = await startRedis().catch(async (error: unknown) => {
    await cluster.stop();
    throw error;
  });
  project.provide('redisUrl', redis.url);
  return async () => {
    await redis.stop();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
