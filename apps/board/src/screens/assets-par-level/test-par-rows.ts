import type { ParRow } from '@careboard/contracts';

/** The server's rule (apps/server/src/domain/par-state.ts), restated for test rows. */
function parState(count: number, min: number, max: number): Pick<ParRow, 'status' | 'missing' | 'excess'> {
  if (count < min) return { status: 'below', missing: min - count, excess: 0 };
  if (count > max) return { status: 'above', missing: 0, excess: count - max };
  return { status: 'within', missing: 0, excess: 0 };
}

/** Test helper: a PAR row as the server builds it, its state derived from count, min and max. */
export function parRow(
  location: readonly [id: number, name: string],
  assetType: readonly [id: number, name: string],
  count: number,
  min: number,
  max: number,
): ParRow {
  const [location_id, location_name] = location;
  const [asset_type_id, asset_type_name] = assetType;
  return {
    key: `par:${location_id}:${asset_type_id}`,
    type: 'par',
    location_id,
    location_name,
    asset_type_id,
    asset_type_name,
    count,
    min,
    max,
    ...parState(count, min, max),
  };
}

export const SUPPLY = [13, 'Central Supply'] as const;
export const PACU = [12, 'PACU'] as const;
export const HALLWAY = [14, 'East Hallway'] as const;
export const IV_PUMP = [1, 'IV Pump'] as const;
export const WHEELCHAIR = [2, 'Wheelchair'] as const;
export const STRETCHER = [3, 'Stretcher'] as const;
export const SCANNER = [6, 'Bladder Scanner'] as const;

/** The demo's PAR rows for four of its levels per state: two short, two over, two within. */
export function demoLikeRows(): ParRow[] {
  return [
    parRow(SUPPLY, STRETCHER, 2, 1, 3), // within
    parRow(SUPPLY, IV_PUMP, 2, 4, 8), // 2 short
    parRow(PACU, IV_PUMP, 8, 3, 6), // +2 over
    parRow(HALLWAY, STRETCHER, 3, 1, 2), // +1 over
    parRow(SUPPLY, SCANNER, 0, 1, 2), // 1 short
    parRow(HALLWAY, WHEELCHAIR, 0, 3, 6), // 3 short
    parRow(PACU, STRETCHER, 2, 1, 3), // within
  ];
}
