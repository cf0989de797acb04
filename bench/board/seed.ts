import pg from 'pg';

export interface BenchBoardData {
  /** The demo workflow board (type 1) that shows the visits. */
  readonly boardId: number;
  readonly visits: number;
  /** Two places to move a patient between (id and name). */
  readonly places: readonly { readonly id: number; readonly name: string }[];
}

const BOARD_ID = 1;

/**
 * Fills demo board 1's workflow (Day Surgery) to `total` visits in progress,
 * straight into the store with SQL: spread over its phases, waiting up to 90
 * minutes (so some are overdue), in one of its places, each with a staff member.
 * The board then gets them all in its first snapshot.
 */
export async function fillWorkflowBoard(databaseUrl: string, total: number): Promise<BenchBoardData> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await client.query<T>(text, values)).rows;
    const [workflow] = await one<{ id: number }>(
      `SELECT w.id FROM display_board_workflows bw JOIN workflows w ON w.id = bw.workflow_id
       WHERE bw.display_board_id = $1`,
      [BOARD_ID],
    );
    if (!workflow) throw new Error(`Demo board ${BOARD_ID} has no workflow.`);
    const [{ count } = { count: 0 }] = await one<{ count: number }>(
      'SELECT count(*)::int AS count FROM visits WHERE workflow_id = $1 AND completed_at IS NULL',
      [workflow.id],
    );
    const places = await one<{ id: number; name: string }>(
      "SELECT id, name FROM locations WHERE customer_id = 'demo' ORDER BY id",
    );
    await client.query(
      `WITH phase AS (SELECT array_agg(id ORDER BY position) AS ids FROM phases WHERE workflow_id = $1),
            place AS (SELECT array_agg(id ORDER BY id) AS ids FROM locations WHERE customer_id = 'demo'),
            added AS (
              INSERT INTO visits (customer_id, first_name, last_name, display_name, family_code, workflow_id,
                                  phase_id, phase_entered_at, location_id, arrived_at)
              SELECT 'demo', 'Bench' || g, 'Patient', 'Bench' || g || ' P.', 'BENCH' || g, $1,
                     phase.ids[1 + g % cardinality(phase.ids)], now() - (g % 90) * interval '1 minute',
                     place.ids[1 + g % cardinality(place.ids)], now() - interval '3 hours'
              FROM generate_series(1, $2::int) AS g, phase, place
              RETURNING id)
       INSERT INTO visit_staff (customer_id, visit_id, staff_id)
       SELECT 'demo', added.id, staff.ids[1 + added.id % cardinality(staff.ids)]
       FROM added, (SELECT array_agg(id ORDER BY id) AS ids FROM staff WHERE customer_id = 'demo') AS staff`,
      [workflow.id, Math.max(0, total - count)],
    );
    return { boardId: BOARD_ID, visits: Math.max(total, count), places: places.slice(0, 2) };
  } finally {
    await client.end();
  }
}

/** A visit's phase now, and the phase after it in its workflow (or before, for the last). */
export async function phasesOfVisit(databaseUrl: string, visitId: number): Promise<[number, number]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ current: number; other: number }>(
      `SELECT v.phase_id AS current,
              coalesce((SELECT id FROM phases p WHERE p.workflow_id = v.workflow_id AND p.position > cp.position
                        ORDER BY p.position LIMIT 1),
                       (SELECT id FROM phases p WHERE p.workflow_id = v.workflow_id AND p.position < cp.position
                        ORDER BY p.position DESC LIMIT 1)) AS other
       FROM visits v JOIN phases cp ON cp.id = v.phase_id WHERE v.id = $1`,
      [visitId],
    );
    const row = rows[0];
    if (!row) throw new Error(`No visit ${visitId}.`);
    return [row.current, row.other];
  } finally {
    await client.end();
  }
}
