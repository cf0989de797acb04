import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/store/migrations/index.ts';
import { createMigratedTestDatabase, createTestDatabase } from './test-database.ts';

async function appliedMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ found: boolean }>(
      `SELECT to_regclass('kysely_migration') IS NOT NULL AS found`,
    );
    if (!found.rows[0]?.found) return [];
    const { rows } = await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

describe('test databases (FND-43)', () => {
  it('copies a migrated one from the run template with every migration of this checkout applied', async () => {
    expect(await appliedMigrations(await createMigratedTestDatabase())).toEqual(
      Object.keys(migrations).sort(),
    );
  });

  it('still makes an empty one for tests of migrating and of a database that is not a store', async () => {
    expect(await appliedMigrations(await createTestDatabase())).toEqual([]);
  });
});
