import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openAllConnections, openDatabase } from '../src/store/database.ts';
import { createTestDatabase } from './test-database.ts';

let url: string;
const opened: Db[] = [];
beforeAll(async () => {
  url = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
});

/** The backends connected to this test's database, as PostgreSQL counts them. */
async function backends(db: Db): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
    ORDER BY pid`.execute(db);
  return rows.map((row) => row.pid);
}

describe('a warm pool (LIVE-46)', () => {
  it('opens every connection at start and keeps them open when idle', async () => {
    const observer = openDatabase(url, 1);
    const pool = openDatabase(url, 3, 5_000, 100);
    opened.push(observer, pool);
    await sql`SELECT 1`.execute(observer);
    expect(await backends(observer)).toEqual([]);

    await openAllConnections(pool);
    const warm = await backends(observer);
    expect(warm).toHaveLength(3);

    // Idle for many times the idle timeout: the same three backends, none closed and opened again.
    await sleep(500);
    expect(await backends(observer)).toEqual(warm);
    // Three reads at once find their connections open.
    await Promise.all([1, 2, 3].map(() => sql`SELECT pg_sleep(0.05)`.execute(pool)));
    expect(await backends(observer)).toEqual(warm);
  });
});
