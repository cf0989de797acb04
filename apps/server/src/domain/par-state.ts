export type ParStatus = 'below' | 'within' | 'above';

export interface ParState {
  readonly status: ParStatus;
  /** How many are needed to reach `min` (0 unless below). */
  readonly missing: number;
  /** How many are over `max` (0 unless above). */
  readonly excess: number;
}

/** An asset type's count at a location against its PAR level: shortage, within, or excess. */
export function parState(count: number, level: { readonly min: number; readonly max: number }): ParState {
  if (count < level.min) return { status: 'below', missing: level.min - count, excess: 0 };
  if (count > level.max) return { status: 'above', missing: 0, excess: count - level.max };
  return { status: 'within', missing: 0, excess: 0 };
}
