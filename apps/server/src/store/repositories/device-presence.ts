import { sql } from 'kysely';
import type { Db } from '../database.ts';

/**
 * Whether the devices row `row` is online (BOF-43, LIVE-53): its `online_until` is in the future
 * and, when it names the node holding it, that node's lease runs. A claimed screen's
 * `online_until` is infinity: it is the node's lease that lapses, not each screen's. Aliases only.
 */
export function onlineSql(row: string) {
  return sql.raw(
    `coalesce(${row}.online_until > now() AND (${row}.online_node IS NULL OR EXISTS (
      SELECT 1 FROM presence_nodes n WHERE n.id = ${row}.online_node AND n.lease_until > now())), false)`,
  );
}

/** Per customer: the devices that came online, and the ones the node may no longer hold (revoked or gone). */
export type PresenceAnswers = Map<string, { cameOnline: number[]; refused: number[] }>;

/** A device a claim answers: came online, or (false) refused. */
interface PresenceRow {
  readonly customer_id: string;
  readonly id: number;
  readonly came_online: boolean;
}

interface Wanted {
  readonly answers: PresenceAnswers;
  /** `{ customer: [ids] }` */
  readonly json: string;
  /** The ids once more, as an integer array's text. */
  readonly idArray: string;
  readonly empty: boolean;
}

/**
 * The devices held, as PostgreSQL reads them fastest: one JSON text `{ customer: [ids] }`, made
 * natively (for two arrays of ten thousand elements pg builds its text element by element, escaping
 * each: 6 % of the server's allocations, LIVE-38), and the ids once more as an integer array (its
 * text made natively too), so that PostgreSQL finds the rows by an index, knowing how many: from the
 * JSON alone it guessed 10,000 rows and scanned the whole table twice per statement (LIVE-45).
 */
function wantedOf(held: ReadonlyMap<string, readonly number[]>): Wanted {
  const answers: PresenceAnswers = new Map(
    [...held.keys()].map((id) => [id, { cameOnline: [] as number[], refused: [] as number[] }]),
  );
  const wanted: Record<string, number[]> = Object.create(null);
  const ids: number[] = [];
  for (const [customerId, devices] of held) {
    if (devices.length === 0) continue;
    const unique = [...new Set(devices)];
    wanted[customerId] = unique;
    for (const id of unique) ids.push(id);
  }
  return { answers, json: JSON.stringify(wanted), idArray: `{${ids.join(',')}}`, empty: ids.length === 0 };
}

function answer(answers: PresenceAnswers, rows: readonly PresenceRow[]): PresenceAnswers {
  for (const row of rows) {
    const each = answers.get(row.customer_id);
    if (row.came_online) each?.cameOnline.push(row.id);
    else each?.refused.push(row.id);
  }
  return answers;
}

/** The node's lease, still running, runs until `until` now; answers whether it ran (LIVE-54). */
export async function extendRunningLease(db: Db, node: string, until: Date): Promise<boolean> {
  const updated = await db
    .updateTable('presence_nodes')
    .set({ lease_until: until })
    .where('id', '=', node)
    .where('lease_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** The node's lease runs until `until` (LIVE-53): the screens it claimed are online until then. */
export async function renewNodeLease(db: Db, node: string, until: Date): Promise<void> {
  await db
    .insertInto('presence_nodes')
    .values({ id: node, lease_until: until })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ lease_until: until }))
    .execute();
}

/**
 * The statement both claims share: the held devices found (not revoked), the ones to claim set to
 * this node, and back only the ones that came online and the ones not found. `every` claims every
 * one found, locked first (screens connecting); otherwise only the ones offline, nothing locked.
 * A device this node holds already, under its running lease, is neither locked nor written (a
 * process restarted in its place, LIVE-54: its screens come back to rows that name it).
 * The update finds each row by both columns of `(customer_id, id)`: by the id alone the planner
 * chose that index too, searching it once per customer for every row (27 ms for 500).
 */
async function claim(
  db: Db,
  held: ReadonlyMap<string, readonly number[]>,
  node: string,
  every: boolean,
): Promise<PresenceAnswers> {
  const wanted = wantedOf(held);
  if (wanted.empty) return wanted.answers;
  const ours = sql`d.online_node = ${node}::uuid AND d.online_until = 'infinity'
    AND EXISTS (SELECT 1 FROM presence_nodes n WHERE n.id = ${node}::uuid AND n.lease_until > now())`;
  // `known`, read without a lock, says which are refused (revoked or gone): a row another claim of
  // this node makes its own meanwhile leaves `found` (rechecked once locked) but is not refused.
  const { rows } = await sql<PresenceRow>`
    WITH wanted AS (
      SELECT c.key AS customer_id, i.value::integer AS id
      FROM json_each(${wanted.json}::json) AS c, json_array_elements_text(c.value) AS i
    ), known AS (
      SELECT d.customer_id, d.id, coalesce(${ours}, false) AS ours FROM devices d
      JOIN wanted ON d.customer_id = wanted.customer_id AND d.id = wanted.id
      WHERE d.id = ANY(${wanted.idArray}::integer[]) AND d.revoked_at IS NULL
    ), found AS (
      SELECT d.customer_id, d.id, ${onlineSql('d')} AS was_online FROM devices d
      JOIN known ON d.customer_id = known.customer_id AND d.id = known.id AND NOT known.ours
      WHERE d.revoked_at IS NULL AND NOT coalesce(${ours}, false)
      ${every ? sql`FOR UPDATE OF d` : sql``}
    ), claimed AS (
      UPDATE devices d SET online_until = 'infinity', online_node = ${node}::uuid, last_seen_at = now()
      FROM found
      WHERE d.customer_id = found.customer_id AND d.id = found.id AND d.revoked_at IS NULL
        ${every ? sql`` : sql`AND NOT found.was_online AND NOT ${onlineSql('d')}`}
      RETURNING d.customer_id, d.id, NOT found.was_online AS came_online
    )
    SELECT customer_id, id, true AS came_online FROM claimed WHERE came_online
    UNION ALL
    SELECT wanted.customer_id, wanted.id, false AS came_online FROM wanted
    WHERE NOT EXISTS (SELECT 1 FROM known WHERE known.customer_id = wanted.customer_id AND known.id = wanted.id)`.execute(
    db,
  );
  return answer(wanted.answers, rows);
}

/**
 * Devices connecting to the node, of any customers: claimed by it (online while its lease runs).
 * Answers, per customer, the ones that came online (were not online before) and the ones it may
 * not hold (revoked or gone). Only those come back: nothing to parse on the event loop otherwise.
 */
export async function claimDevicesOnline(
  db: Db,
  held: ReadonlyMap<string, readonly number[]>,
  node: string,
): Promise<PresenceAnswers> {
  return claim(db, held, node, true);
}

/**
 * The heartbeat's look at the devices the node holds (LIVE-53): the ones online already (by this
 * node or another) are only read; the ones offline (another node let them go, or a lapse swept
 * them) are claimed again. Answers as `claimDevicesOnline`. No row is written or locked in the usual
 * case, where before every held screen's row was rewritten every 5 s. A row another node claimed
 * while this statement waited for it is left to that node: once locked, the row itself must still
 * be offline (LIVE-55).
 */
export async function reclaimHeldDevices(
  db: Db,
  held: ReadonlyMap<string, readonly number[]>,
  node: string,
): Promise<PresenceAnswers> {
  return claim(db, held, node, false);
}

/**
 * The last live connection of a device on `node` closed: offline now, unless another node has
 * claimed it since (the screen came back there before this node saw its old socket close: it stays
 * online, with no change, LIVE-60). Answers whether it went offline.
 */
export async function markDeviceOffline(
  db: Db,
  customerId: string,
  id: number,
  node: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('devices')
    .set({ online_until: null, online_node: null, last_seen_at: sql<Date>`now()` })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('online_until', 'is not', null)
    // A claim written before the node lease names no node: any node's release ends it.
    .where((eb) => eb.or([eb('online_node', 'is', null), eb('online_node', '=', node)]))
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/**
 * The devices claimed by `node` that it does not hold now, of any customers: offline (LIVE-54). A
 * process restarted in its place takes over its predecessor's claims; once its screens have had
 * time to come back, the ones that did not are let go here. Answers the ids let go, per customer.
 */
export async function releaseDevicesNotHeld(
  db: Db,
  node: string,
  held: ReadonlyMap<string, readonly number[]>,
): Promise<Map<string, number[]>> {
  const kept = wantedOf(held);
  const { rows } = await sql<{ customer_id: string; id: number }>`
    WITH kept AS (
      SELECT c.key AS customer_id, i.value::integer AS id
      FROM json_each(${kept.json}::json) AS c, json_array_elements_text(c.value) AS i
    )
    UPDATE devices d SET online_until = NULL, online_node = NULL
    WHERE d.online_node = ${node}::uuid
      AND NOT EXISTS (SELECT 1 FROM kept WHERE kept.customer_id = d.customer_id AND kept.id = d.id)
    RETURNING d.customer_id, d.id`.execute(db);
  const released = new Map<string, number[]>();
  for (const row of rows) {
    const ids = released.get(row.customer_id) ?? [];
    ids.push(row.id);
    released.set(row.customer_id, ids);
  }
  return released;
}

/** Customers with a device whose node stopped renewing its lease (a node that died, or lost its database). */
export async function listCustomersWithLapsedPresence(db: Db): Promise<string[]> {
  const { rows } = await sql<{ customer_id: string }>`
    SELECT DISTINCT customer_id FROM devices
    WHERE online_until IS NOT NULL AND NOT ${onlineSql('devices')}`.execute(db);
  return rows.map((row) => row.customer_id);
}

/** Marks a customer's lapsed devices offline; answers their ids. */
export async function clearLapsedPresence(db: Db, customerId: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    UPDATE devices SET online_until = NULL, online_node = NULL
    WHERE customer_id = ${customerId} AND online_until IS NOT NULL AND NOT ${onlineSql('devices')}
    RETURNING id`.execute(db);
  return rows.map((row) => row.id);
}

/** Leases that lapsed an hour ago: no screen is online by them, their rows go. */
export async function forgetLapsedNodes(db: Db): Promise<void> {
  await db
    .deleteFrom('presence_nodes')
    .where('lease_until', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
}

/** A board a node's screens were showing: one row per board, whatever its screens. */
export interface BoardShownOnNode {
  readonly customer_id: string;
  readonly board_id: number;
  readonly type: number;
}

/**
 * The boards shown by the screens `node` claimed and still names, of any customers (LIVE-61): what a
 * process restarted in its place (LIVE-54) starts before those screens come back to it.
 */
export async function listBoardsShownOnNode(db: Db, node: string): Promise<BoardShownOnNode[]> {
  const { rows } = await sql<BoardShownOnNode>`
    SELECT DISTINCT d.customer_id, d.display_board_id AS board_id, b.display_board_type_id AS type
    FROM devices d JOIN display_boards b ON b.customer_id = d.customer_id AND b.id = d.display_board_id
    WHERE d.online_node = ${node}::uuid AND d.revoked_at IS NULL`.execute(db);
  return rows;
}
