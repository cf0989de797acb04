import type { ParRow } from '@careboard/contracts';

/** Shortages first, then excess, then levels within PAR. */
const STATUS_RANK: Readonly<Record<ParRow['status'], number>> = { below: 0, above: 1, within: 2 };

/** How far a row is from its PAR level: the larger, the sooner someone should act. */
function distance(row: ParRow): number {
  if (row.status === 'below') return row.missing;
  if (row.status === 'above') return row.excess;
  return 0;
}

/**
 * The board's order: shortages first (most missing first), then excess (most
 * over first), then the rest; ties by location, then asset type, so the order
 * is stable from frame to frame and rows of one location sit together.
 */
export function compareParRows(a: ParRow, b: ParRow): number {
  return (
    STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
    distance(b) - distance(a) ||
    a.location_name.localeCompare(b.location_name) ||
    a.asset_type_name.localeCompare(b.asset_type_name) ||
    a.key.localeCompare(b.key)
  );
}

/** The keys of the PAR rows in board order. */
export function orderParKeys(rows: readonly { readonly key: string }[]): string[] {
  return rows
    .filter(isParRow)
    .sort(compareParRows)
    .map((row) => row.key);
}

function isParRow(row: { readonly key: string }): row is ParRow {
  return (row as Partial<ParRow>).type === 'par';
}

export interface ParSummaryCounts {
  /** Locations with at least one asset type below its minimum. */
  readonly locationsBelow: number;
  /** Locations with at least one asset type above its maximum. */
  readonly locationsAbove: number;
  /** Asset-type levels within PAR, over all locations. */
  readonly levelsWithin: number;
}

/** The summary line's counts: shortages and excess count locations (what staff walk to), within counts levels. */
export function summarizePar(rows: readonly { readonly key: string }[]): ParSummaryCounts {
  const below = new Set<number>();
  const above = new Set<number>();
  let levelsWithin = 0;
  for (const row of rows.filter(isParRow)) {
    if (row.status === 'below') below.add(row.location_id);
    else if (row.status === 'above') above.add(row.location_id);
    else levelsWithin += 1;
  }
  return { locationsBelow: below.size, locationsAbove: above.size, levelsWithin };
}
