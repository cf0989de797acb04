import type { ParLevel } from '@careboard/contracts';

/** One row of PUT /locations/:id/par-levels, which replaces the location's whole list. */
export type ParLevelRow = Pick<ParLevel, 'asset_type_id' | 'min' | 'max'>;

const rowOf = (level: ParLevel): ParLevelRow => ({
  asset_type_id: level.asset_type_id,
  min: level.min,
  max: level.max,
});

/**
 * The location's list with one level changed: the API edits PAR levels by replacing the list,
 * all or nothing (decision CON-65), so an edit sends every other level unchanged.
 */
export function withLevelChanged(
  levels: readonly ParLevel[],
  id: number,
  change: ParLevelRow,
): ParLevelRow[] {
  return levels.map((level) => (level.id === id ? change : rowOf(level)));
}

/** The location's list without one level. */
export function withoutLevel(levels: readonly ParLevel[], id: number): ParLevelRow[] {
  return levels.filter((level) => level.id !== id).map(rowOf);
}
