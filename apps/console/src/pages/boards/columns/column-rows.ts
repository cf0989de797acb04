import { type TableColumnKey, type TableConfiguration, tableColumnKeys } from '@careboard/contracts';

/** One row of the column editor: every column the table can show, in board order. */
export interface ColumnRow {
  readonly key: TableColumnKey;
  /** In `table_configuration` (for a flagged column, its show_* flag must be on too). */
  readonly shown: boolean;
  /** '' means the board's own name for the column. */
  readonly label: string;
  /** Relative width, 1–12. */
  readonly width: number;
}

/**
 * What the workflow board shows without a `table_configuration`, and its weights when a
 * column has no width: the board's workflow-columns.ts, mirrored so that saving an
 * untouched board changes nothing on screen (decision CON-41).
 */
export const BOARD_DEFAULT_KEYS: readonly TableColumnKey[] = [
  'badge_label',
  'display_name',
  'phase',
  'location',
  'time_in_phase',
  'estimated_duration',
  'avg_duration',
  'staff',
];
export const BOARD_DEFAULT_WIDTHS: Readonly<Record<TableColumnKey, number>> = {
  badge_label: 1,
  display_name: 2,
  phase: 2,
  location: 2,
  station: 2,
  time_in_phase: 2,
  estimated_duration: 2,
  avg_duration: 2,
  staff: 2,
};

/** The show_* flag that also switches a column off on the board. */
export type ShowFlag = 'show_badge' | 'show_display_name' | 'show_estimated_duration' | 'show_avg_duration';
export const FLAG_OF: Readonly<Partial<Record<TableColumnKey, ShowFlag>>> = {
  badge_label: 'show_badge',
  display_name: 'show_display_name',
  estimated_duration: 'show_estimated_duration',
  avg_duration: 'show_avg_duration',
};

/** The editor's rows: the configured columns in order, then the others, hidden, in catalogue order. */
export function rowsFromConfiguration(configuration: TableConfiguration | null): ColumnRow[] {
  const configured =
    configuration && configuration.columns.length > 0
      ? configuration.columns.map((column) => ({
          key: column.key,
          shown: true,
          label: column.label ?? '',
          width: column.width ?? BOARD_DEFAULT_WIDTHS[column.key],
        }))
      : BOARD_DEFAULT_KEYS.map((key) => ({ key, shown: true, label: '', width: BOARD_DEFAULT_WIDTHS[key] }));
  const present = new Set(configured.map((row) => row.key));
  const rest = tableColumnKeys
    .filter((key) => !present.has(key))
    .map((key) => ({ key, shown: false, label: '', width: BOARD_DEFAULT_WIDTHS[key] }));
  return [...configured, ...rest];
}

/** `table_configuration` from the rows: the shown ones in order, a label only when one was typed. */
export function configurationFromRows(rows: readonly ColumnRow[]): TableConfiguration {
  return {
    columns: rows
      .filter((row) => row.shown)
      .map((row) => {
        const label = row.label.trim();
        return label === '' ? { key: row.key, width: row.width } : { key: row.key, label, width: row.width };
      }),
  };
}

/** The rows with the one at `from` moved to `to` (both clamped to the list). */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  const next = [...rows];
  const target = Math.min(Math.max(0, to), next.length - 1);
  if (from < 0 || from >= next.length || from === target) return next;
  const [row] = next.splice(from, 1);
  if (row !== undefined) next.splice(target, 0, row);
  return next;
}
