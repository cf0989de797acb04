import { expect } from 'vitest';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { demoApi } from './board-session.ts';
import { query } from './sql.ts';

/** The demo's calling board (SCR-10). */
export const PATIENT_BOARD = 3;

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

/** Calls a visit to a station through the REST API, as a console does; answers the words the board says. */
export async function callThroughApi(
  server: TestServer,
  call: Callable,
  station: { id: number; name: string },
): Promise<string> {
  const api = await demoApi(server);
  const answer = await api('POST', `/visits/${call.visitId}/calls`, { station_id: station.id });
  expect(answer.status).toBe(201);
  return `${call.firstName}, please proceed to ${station.name}.`;
}
