import type { TableColumnKey } from './display-board-config.ts';

/**
 * The columns a workflow board without `table_configuration` shows, before its `show_*` flags:
 * who, where in the flow, where in the building, for how long against what is expected, with
 * whom. The station is left out: the location cell names it when there is no station column.
 * The board draws them and the console's column editor starts from them, so saving an
 * untouched board changes nothing on screen (decision CON-41).
 */
export const defaultColumnKeys: readonly TableColumnKey[] = Object.freeze([
  'badge_label',
  'display_name',
  'phase',
  'location',
  'time_in_phase',
  'estimated_duration',
  'avg_duration',
  'staff',
]);

/** Weights when the configuration gives none: times and places need more room than a badge. */
export const defaultColumnWidths: Readonly<Record<TableColumnKey, number>> = Object.freeze({
  badge_label: 1,
  display_name: 2,
  phase: 2,
  location: 2,
  station: 2,
  time_in_phase: 2,
  estimated_duration: 2,
  avg_duration: 2,
  staff: 2,
});

/** A board flag that switches a column off even when it is configured. */
export type ColumnShowFlag =
  | 'show_badge'
  | 'show_display_name'
  | 'show_estimated_duration'
  | 'show_avg_duration';

/** Columns the board's `show_*` flags switch off; the others always show when configured. */
export const columnShowFlags: Readonly<Partial<Record<TableColumnKey, ColumnShowFlag>>> = Object.freeze({
  badge_label: 'show_badge',
  display_name: 'show_display_name',
  estimated_duration: 'show_estimated_duration',
  avg_duration: 'show_avg_duration',
});
