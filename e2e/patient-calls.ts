import pg from 'pg';
import type { TestServer } from '../apps/server/test/test-server.ts';

/** The demo's calling board (SCR-10). */
export const PATIENT_BOARD = 3;

/** SQL against the test run's database, to find ids the API calls need. */
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

export interface Callable {
  readonly visitId: number;
  readonly firstName: string;
}

/** Visits in progress on the patient board's workflow, with their first names: oldest or newest first. */
export async function visitsToCall(
  server: TestServer,
  count: number,
  order: 'oldest' | 'newest' = 'oldest',
): Promise<Callable[]> {
  const rows = await query<{ id: number; first_name: string }>(
    server,
    `SELECT v.id, v.first_name FROM visits v
       JOIN display_board_workflows w ON w.workflow_id = v.workflow_id AND w.display_board_id = $1
      WHERE v.completed_at IS NULL ORDER BY v.id ${order === 'newest' ? 'DESC' : 'ASC'} LIMIT $2`,
    [PATIENT_BOARD, count],
  );
  if (rows.length < count) throw new Error('not enough visits to call');
  return rows.map((row) => ({ visitId: row.id, firstName: row.first_name }));
}

/** The demo customer's stations, in id order. */
export async function stations(server: TestServer): Promise<{ id: number; name: string }[]> {
  return query(server, "SELECT id, name FROM stations WHERE customer_id = 'demo' ORDER BY id");
}
