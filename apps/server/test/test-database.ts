import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/store/database.ts';

/** The database every migrated test database is copied from (global-setup.ts makes it once per run). */
export const MIGRATED_TEMPLATE = 'careboard_migrated_template';

async function createDatabase(adminUrl: string, name: string, template: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, empty database on the test run's cluster; its URL. */
export function createTestDatabase(): Promise<string> {
  return createDatabase(inject('postgresAdminUrl'), `test_${randomBytes(6).toString('hex')}`, 'template0');
}

/**
 * A fresh database already at the latest migration, copied from the run's template: a server
 * started on it still runs `migrateToLatest`, which finds nothing left to do. Tests of migrating
 * itself, or of an empty database, use `createTestDatabase`.
 */
export function createMigratedTestDatabase(): Promise<string> {
  return createDatabase(
    inject('postgresAdminUrl'),
    `test_${randomBytes(6).toString('hex')}`,
    MIGRATED_TEMPLATE,
  );
}

/** Makes the migrated template once per test run (from global setup, where `inject` is not available). */
export async function createMigratedTemplate(adminUrl: string): Promise<void> {
  const db = openDatabase(await createDatabase(adminUrl, MIGRATED_TEMPLATE, 'template0'));
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}
