import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const CUSTOMER = 'demo';
/** The demo's workflow board (board 1): the probe visit is on it. */
const PROBE_BOARD = 1;

export interface BenchSetup {
  readonly secret: string;
  /** Tag labels the load cycles through. */
  readonly tags: readonly string[];
  /** Sensor identifiers, one per location. */
  readonly sensors: readonly string[];
  readonly probe: Probe;
}

/** A visit on board 1 whose badge the probe sightings move between two places with no rule. */
export interface Probe {
  readonly boardId: number;
  readonly visitId: number;
  readonly tag: string;
  readonly places: readonly { readonly sensor: string; readonly locationName: string }[];
}

/**
 * What the load needs in the demo customer, made straight in the database before the run:
 * the bench's own tags (free patient badges), a sensor in every location, the webhook secret
 * (as `POST /api/feeds/rtls/secret` stores it), and a probe visit on the workflow board.
 */
export async function prepare(databaseUrl: string, tagCount: number): Promise<BenchSetup> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const secret = randomBytes(32).toString('hex');
    await client.query(
      `INSERT INTO feed_secrets (customer_id, feed, secret) VALUES ($1, 'rtls', $2)
       ON CONFLICT (customer_id, feed) DO UPDATE SET secret = EXCLUDED.secret, created_at = now()`,
      [CUSTOMER, secret],
    );
    const tags = await client.query<{ label: string }>(
      `INSERT INTO tags (customer_id, label, kind)
       SELECT $1, 'BENCH-' || lpad(g::text, 6, '0'), 'patient_badge' FROM generate_series(1, $2::int) g
       RETURNING label`,
      [CUSTOMER, tagCount],
    );
    const sensors = await client.query<{ identifier: string; name: string; kind: string }>(
      `INSERT INTO sensors (customer_id, identifier, name, location_id)
       SELECT customer_id, 'BENCH-S-' || id, name || ' (bench)', id FROM locations WHERE customer_id = $1
       RETURNING identifier, (SELECT name FROM locations l WHERE l.id = location_id) AS name,
                 (SELECT kind FROM locations l WHERE l.id = location_id) AS kind`,
      [CUSTOMER],
    );
    const probe = await probeVisit(client, sensors.rows);
    return {
      secret,
      tags: tags.rows.map((row) => row.label),
      sensors: sensors.rows.map((row) => row.identifier),
      probe,
    };
  } finally {
    await client.end();
  }
}

async function probeVisit(
  client: pg.Client,
  sensors: readonly { identifier: string; name: string; kind: string }[],
): Promise<Probe> {
  const { rows } = await client.query<{ id: number; label: string; workflow_id: number }>(
    `SELECT v.id, t.label, v.workflow_id FROM visits v
       JOIN tags t ON t.customer_id = v.customer_id AND t.id = v.tag_id
       JOIN display_board_workflows w ON w.customer_id = v.customer_id AND w.workflow_id = v.workflow_id
      WHERE v.customer_id = $1 AND v.completed_at IS NULL AND w.display_board_id = $2
      ORDER BY v.id LIMIT 1`,
    [CUSTOMER, PROBE_BOARD],
  );
  const visit = rows[0];
  if (!visit) throw new Error('The demo has no visit with a badge on board 1.');
  // Places no rule of the workflow moves a visit from: its location changes, its phase does not.
  const ruled = await client.query<{ location_kind: string | null; location_id: number | null }>(
    'SELECT location_kind, location_id FROM feed_rules WHERE customer_id = $1 AND workflow_id = $2',
    [CUSTOMER, visit.workflow_id],
  );
  const ruledKinds = new Set(ruled.rows.map((rule) => rule.location_kind));
  const places = sensors
    .filter((sensor) => !ruledKinds.has(sensor.kind) && ['hallway', 'lab', 'storage'].includes(sensor.kind))
    .slice(0, 2)
    .map((sensor) => ({ sensor: sensor.identifier, locationName: sensor.name.replace(/ \(bench\)$/, '') }));
  if (places.length < 2) throw new Error('The demo needs two locations no rule moves a visit from.');
  return { boardId: PROBE_BOARD, visitId: visit.id, tag: visit.label, places };
}
