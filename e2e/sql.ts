import pg from 'pg';
import type { TestServer } from '../apps/server/test/test-server.ts';

/** SQL against the test run's database, to find ids the API calls need and read what a board must (and must never) show. */
export async function query<R extends pg.QueryResultRow>(
  server: TestServer,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}
