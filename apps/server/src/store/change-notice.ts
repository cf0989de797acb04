import type { ChangeAction } from './tables/domain.ts';

/** A change row as committed (`change_log`). */
export interface ChangeRow {
  readonly version: string;
  readonly customer_id: string;
  readonly entity: string;
  readonly entity_id: number;
  readonly action: ChangeAction;
  readonly board_ids: number[] | null;
  readonly created_at: Date;
}

/** What a change notification says: whose, and when small enough, the transaction's rows (LIVE-35). */
export interface ChangeNotice {
  readonly customerId: string;
  /** The rows, with the customer's version before them ('0': none); absent when they did not fit. */
  readonly committed?: { readonly after: string; readonly rows: readonly ChangeRow[] };
}

/** A notification's payload is at most 8,000 bytes; the rows leave room for the rest. */
const ROWS_MAX_CHARS = 7_000;

type RowTuple = [
  version: string,
  entity: string,
  entityId: number,
  action: ChangeAction,
  boardIds: number[] | null,
];

/**
 * A transaction's rows of one customer as the notification carries them (version order), or null
 * when they would not fit: then every node reads them from `change_log`, as before.
 */
export function noticeRowsJson(
  rows: readonly Pick<ChangeRow, 'version' | 'entity' | 'entity_id' | 'action' | 'board_ids'>[],
): string | null {
  const tuples: RowTuple[] = [...rows]
    .sort((a, b) => (BigInt(a.version) < BigInt(b.version) ? -1 : 1))
    .map((row) => [String(row.version), row.entity, row.entity_id, row.action, row.board_ids]);
  const json = JSON.stringify(tuples);
  return json.length <= ROWS_MAX_CHARS ? json : null;
}

const isVersion = (value: unknown): value is string | number =>
  (typeof value === 'string' && /^\d+$/.test(value)) || Number.isSafeInteger(value);

function rowOf(value: unknown, customerId: string, createdAt: Date): ChangeRow | undefined {
  if (!Array.isArray(value) || value.length !== 5) return undefined;
  const [version, entity, entityId, action, boardIds] = value as unknown[];
  if (!isVersion(version) || typeof entity !== 'string' || !Number.isSafeInteger(entityId)) return undefined;
  if (action !== 'insert' && action !== 'update' && action !== 'delete') return undefined;
  if (boardIds !== null && !(Array.isArray(boardIds) && boardIds.every((id) => Number.isSafeInteger(id))))
    return undefined;
  return {
    version: String(version),
    customer_id: customerId,
    entity,
    entity_id: entityId as number,
    action,
    board_ids: boardIds as number[] | null,
    created_at: createdAt,
  };
}

/** The notice a payload (see recordChanges) carries; without its rows when any part of them is not well formed. */
export function parseChangeNotice(payload: string | undefined): ChangeNotice | undefined {
  let parsed: { customer_id?: unknown; after?: unknown; at?: unknown; rows?: unknown };
  try {
    parsed = JSON.parse(payload ?? '');
  } catch {
    return undefined;
  }
  const customerId = parsed?.customer_id;
  if (typeof customerId !== 'string') return undefined;
  const createdAt = typeof parsed.at === 'string' ? new Date(parsed.at) : undefined;
  const after = parsed.after === null ? '0' : parsed.after;
  if (!Array.isArray(parsed.rows) || !createdAt || Number.isNaN(createdAt.getTime()) || !isVersion(after))
    return { customerId };
  const rows: ChangeRow[] = [];
  for (const value of parsed.rows) {
    const row = rowOf(value, customerId, createdAt);
    if (!row) return { customerId };
    rows.push(row);
  }
  if (rows.length === 0) return { customerId };
  return { customerId, committed: { after: String(after), rows } };
}
