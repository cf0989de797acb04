import {
  defaultColumnKeys,
  defaultColumnWidths,
  type TableColumnKey,
  type TableConfiguration,
  tableColumnKeys,
} from '@careboard/contracts';

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

/** The editor's rows: the configured columns in order, then the others, hidden, in catalogue order. */
export function rowsFromConfiguration(configuration: TableConfiguration | null): ColumnRow[] {
  const configured =
    configuration && configuration.columns.length > 0
      ? configuration.columns.map((column) => ({
          key: column.key,
          shown: true,
          label: column.label ?? '',
          width: column.width ?? defaultColumnWidths[column.key],
        }))
      : defaultColumnKeys.map((key) => ({ key, shown: true, label: '', width: defaultColumnWidths[key] }));
  const present = new Set(configured.map((row) => row.key));
  const rest = tableColumnKeys
    .filter((key) => !present.has(key))
    .map((key) => ({ key, shown: false, label: '', width: defaultColumnWidths[key] }));
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
