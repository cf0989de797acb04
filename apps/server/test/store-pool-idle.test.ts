import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase, POOL_IDLE_CLOSE_MS } from '../src/store/database.ts';
import { createTestDatabase } from './test-database.ts';

let url: string;
const opened: Db[] = [];
beforeAll(async () => {
  url = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
});

/** The backends connected to this test's database, as PostgreSQL counts them, less the observer's own. */
async function backends(observer: Db): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
    ORDER BY pid`.execute(observer);
  return rows.map((row) => row.pid);
}

describe("the pool's idle connections (LIVE-50)", () => {
  it('keeps a connection opened in a burst through a quiet spell, and closes it after the idle time', async () => {
    const observer = openDatabase(url, 1);
    const pool = openDatabase(url, 3, 5_000, 1_000);
    opened.push(observer, pool);
    await sql`SELECT 1`.execute(observer);
    expect(await backends(observer)).toEqual([]);

    await Promise.all([1, 2, 3].map(() => sql`SELECT pg_sleep(0.05)`.execute(pool)));
    const burst = await backends(observer);
    expect(burst).toHaveLength(3);
    // Quiet, but within the idle time: the same backends, none closed and opened again.
    await sleep(300);
    await Promise.all([1, 2, 3].map(() => sql`SELECT pg_sleep(0.05)`.execute(pool)));
    expect(await backends(observer)).toEqual(burst);
    // Past it: given back.
    await sleep(1_800);
    expect(await backends(observer)).toEqual([]);
  });

  it('by default keeps an idle connection for minutes, not seconds (LIVE-50)', async () => {
    expect(POOL_IDLE_CLOSE_MS).toBeGreaterThanOrEqual(60_000);
    const pool = openDatabase(url, 1);
    opened.push(pool);
    const backend = async () =>
      (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(pool)).rows[0]?.pid;
    const before = await backend();
    expect(before).toBeTypeOf('number');
    await sleep(10_500);
    // The same backend: the connection was not closed and opened again.
    expect(await backend()).toBe(before);
  }, 20_000);
});
