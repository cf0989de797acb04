import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/store/embedded-postgres.ts';
import { startRedis } from './multi-node-redis.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** One real Redis per test run, for tests of several server nodes. */
    redisUrl: string;
  }
}

/**
 * One real PostgreSQL cluster per test run (each test file makes its own database on it) and
 * one real Redis (a few milliseconds to start, so always).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'careboard-test-pg-'));
  // PostgreSQL runs as the `postgres` user when we are root: it must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const cluster = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
  project.provide('postgresAdminUrl', cluster.adminUrl);
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
