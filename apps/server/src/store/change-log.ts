import { sql } from 'kysely';
import pg from 'pg';
import { lockUntilTransactionEnds } from './advisory-lock.ts';
import { type ChangeNotice, type ChangeRow, noticeRowsJson, parseChangeNotice } from './change-notice.ts';
import type { Db } from './database.ts';
import type { ChangeAction } from './tables/domain.ts';

export type { ChangeNotice, ChangeRow } from './change-notice.ts';

/**
 * The channel the live layer LISTENs on; the payload is `{"version": v, "customer_id": c}`, and
 * the transaction's rows with the version before them when they fit (change-notice.ts, LIVE-35).
 */
export const CHANGES_CHANNEL = 'careboard_changes';

/** What changed, named the way the live layer looks it up. */
export type ChangeEntity =
  | 'visit'
  // A patient the EHR expects (BRD-23): only workflow boards showing expected patients are named.
  | 'expected_visit'
  | 'call'
  | 'message'
  | 'asset'
  | 'par_level'
  | 'display_board'
  | 'device'
  // A screen came online or went offline (BOF-43): the consoles' Screens list shows it, but nothing
  // of the device a screen or a node reads changed, so their device listeners do not wake (LIVE-48).
  | 'device_presence'
  // The care setting and equipment the boards' rows name (BOF-06, BOF-13): a change to
  // one rebuilds the customer's boards (boardIds null) unless the writer knows which show it.
  | 'site'
  | 'department'
  | 'workflow'
  | 'phase'
  | 'location'
  | 'station'
  | 'staff'
  | 'staff_type'
  | 'tag'
  | 'sensor'
  | 'asset_type'
  | 'customer'
  // The feeds' settings (FEED-41): no board shows them; the console re-reads its pages.
  | 'feed_rule'
  | 'adt_point_of_care'
  | 'adt_facility';

export interface Change {
  readonly entity: ChangeEntity;
  readonly entityId: number;
  readonly action: ChangeAction;
  /** The boards that may show it (a superset is fine); null = possibly every board of the customer. */
  readonly boardIds: readonly number[] | null;
}

/**
 * Records a transaction's changes and notifies listeners; call it inside the
 * transaction, after its last write. NOTIFY is delivered on commit only, so a
 * rolled-back write is never announced. The per-customer advisory lock makes
 * that customer's versions commit in order, so a reader that has seen version v
 * never later finds a smaller one committed; holding it from here to commit keeps
 * the serialised part short. Returns the highest version written.
 */
export async function recordChanges(
  trx: Db,
  customerId: string,
  changes: readonly Change[],
): Promise<string> {
  if (!trx.isTransaction) throw new Error('recordChanges must run inside the write transaction.');
  if (changes.length === 0) throw new Error('recordChanges needs at least one change.');
  await lockUntilTransactionEnds(trx, CHANGES_CHANNEL, customerId);
  const rows = await trx
    .insertInto('change_log')
    .values(
      changes.map((change) => ({
        customer_id: customerId,
        entity: change.entity,
        entity_id: change.entityId,
        action: change.action,
        board_ids: change.boardIds === null ? null : [...new Set(change.boardIds)].sort((a, b) => a - b),
      })),
    )
    .returning(['version', 'entity', 'entity_id', 'action', 'board_ids'])
    .execute();
  const versions = rows.map((row) => BigInt(row.version));
  const version = String(versions.reduce((max, each) => (each > max ? each : max)));
  const first = String(versions.reduce((min, each) => (each < min ? each : min)));
  // The version before the rows is the customer's newest below them: under the lock, committed.
  await sql`SELECT pg_notify(${CHANGES_CHANNEL}, json_build_object(
      'version', ${version}::bigint, 'customer_id', ${customerId}::text,
      'after', (SELECT max(version) FROM change_log WHERE customer_id = ${customerId} AND version < ${first}::bigint),
      'at', now(), 'rows', ${noticeRowsJson(rows)}::json)::text)`.execute(trx);
  return version;
}

/**
 * `recordChanges` for several customers in one transaction, in a fixed number of statements
 * whatever their count: their locks taken in one order (customer id), their rows in one insert,
 * one notification each. What comes online after a restart, ten thousand screens of many
 * customers, is recorded in a few statements a batch instead of five per customer (LIVE-27).
 * Returns each customer's highest version.
 */
export async function recordChangesOfCustomers(
  trx: Db,
  changes: ReadonlyMap<string, readonly Change[]>,
): Promise<Map<string, string>> {
  if (!trx.isTransaction) throw new Error('recordChanges must run inside the write transaction.');
  const customers = [...changes.keys()].filter((id) => (changes.get(id)?.length ?? 0) > 0).sort();
  if (customers.length === 0) return new Map();
  // Volatile functions run after the sort, so the locks are taken in this order on every node.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${CHANGES_CHANNEL}), hashtext(c))
    FROM unnest(${customers}::text[]) WITH ORDINALITY AS t(c, n) ORDER BY n`.execute(trx);
  const rows = await trx
    .insertInto('change_log')
    .values(
      customers.flatMap((customerId) =>
        (changes.get(customerId) ?? []).map((change) => ({
          customer_id: customerId,
          entity: change.entity,
          entity_id: change.entityId,
          action: change.action,
          board_ids: change.boardIds === null ? null : [...new Set(change.boardIds)].sort((a, b) => a - b),
        })),
      ),
    )
    .returning(['customer_id', 'version', 'entity', 'entity_id', 'action', 'board_ids'])
    .execute();
  const byCustomer = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) byCustomer.set(row.customer_id, [...(byCustomer.get(row.customer_id) ?? []), row]);
  const notices = [...byCustomer].map(([customerId, own]) => {
    const versions = own.map((row) => BigInt(row.version));
    return {
      customerId,
      version: String(versions.reduce((max, each) => (each > max ? each : max))),
      first: String(versions.reduce((min, each) => (each < min ? each : min))),
      rows: noticeRowsJson(own),
    };
  });
  await sql`SELECT pg_notify(${CHANGES_CHANNEL}, json_build_object(
      'version', v, 'customer_id', c,
      'after', (SELECT max(version) FROM change_log WHERE customer_id = c AND version < f),
      'at', now(), 'rows', r::json)::text)
    FROM unnest(${notices.map((n) => n.customerId)}::text[], ${notices.map((n) => n.version)}::bigint[],
      ${notices.map((n) => n.first)}::bigint[], ${notices.map((n) => n.rows)}::text[]) AS t(c, v, f, r)`.execute(
    trx,
  );
  return new Map(notices.map((notice) => [notice.customerId, notice.version]));
}

/** The customer's changes after `afterVersion`, oldest first: how a listener catches up. */
export async function listChangesSince(
  db: Db,
  customerId: string,
  afterVersion: string,
  limit = 1000,
): Promise<ChangeRow[]> {
  return db
    .selectFrom('change_log')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('version', '>', afterVersion)
    .orderBy('version')
    .limit(limit)
    .execute();
}

/**
 * Several customers' changes, each after its own version, oldest first per customer and at most
 * `limit` each: how a node catches up with every customer notified meanwhile in one query (LIVE-27).
 */
export async function listChangesOfCustomersSince(
  db: Db,
  since: ReadonlyMap<string, string>,
  limit = 1000,
): Promise<ChangeRow[]> {
  if (since.size === 0) return [];
  const { rows } = await sql<ChangeRow>`
    SELECT c.* FROM unnest(${[...since.keys()]}::text[], ${[...since.values()]}::bigint[]) AS s(customer_id, after)
    CROSS JOIN LATERAL (
      SELECT * FROM change_log
      WHERE change_log.customer_id = s.customer_id AND change_log.version > s.after
      ORDER BY change_log.version LIMIT ${limit}
    ) AS c
    ORDER BY c.customer_id, c.version`.execute(db);
  return rows;
}

/** The newest version committed for a customer, '0' before its first change. */
export async function findCurrentVersion(db: Db, customerId: string): Promise<string> {
  const row = await db
    .selectFrom('change_log')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return String(row?.version ?? '0');
}

/**
 * When the newest change that may touch each of several boards was committed (null when none
 * has), keyed `<board id>@<customer>`: how the boards starting together after a restart read it
 * in one query (LIVE-34).
 */
export async function findLastChangesAt(
  db: Db,
  boards: readonly { readonly customerId: string; readonly boardId: number }[],
): Promise<Map<string, Date | null>> {
  if (boards.length === 0) return new Map();
  const { rows } = await sql<{ customer_id: string; board_id: number; created_at: Date | null }>`
    SELECT b.customer_id, b.board_id, (
      SELECT c.created_at FROM change_log c
      WHERE c.customer_id = b.customer_id AND (c.board_ids IS NULL OR b.board_id = ANY (c.board_ids))
      ORDER BY c.version DESC LIMIT 1
    ) AS created_at
    FROM unnest(${boards.map((b) => b.customerId)}::text[], ${boards.map((b) => b.boardId)}::integer[])
      AS b(customer_id, board_id)`.execute(db);
  return new Map(rows.map((row) => [`${row.board_id}@${row.customer_id}`, row.created_at]));
}

export interface ChangeNotifications {
  /** Ends the listening connection. */
  close(): Promise<void>;
}

export interface ChangeNotificationHandlers {
  /** A change of this customer was committed: whose, and its rows when the notification carries them. */
  readonly onChange: (notice: ChangeNotice) => void;
  /** The connection failed; it hears nothing more (close it and listen again). */
  readonly onError: (error: Error) => void;
}

/**
 * LISTENs on CHANGES_CHANNEL on a connection of its own (a LISTEN belongs to its
 * session, so not one of the pool's) and calls back with the notice of every
 * notification that names a customer.
 */
export async function listenForChanges(
  databaseUrl: string,
  handlers: ChangeNotificationHandlers,
): Promise<ChangeNotifications> {
  // Bounded connect: a stalled database must not hold up the feed's reconnect loop for ever (FND-20).
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  });
  client.on('notification', (message) => {
    const notice = parseChangeNotice(message.payload);
    if (notice) handlers.onChange(notice);
  });
  client.on('error', handlers.onError);
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
  } catch (error) {
    client.removeListener('error', handlers.onError);
    client.on('error', () => undefined);
    await client.end().catch(() => undefined);
    throw error;
  }
  return { close: () => client.end() };
}
