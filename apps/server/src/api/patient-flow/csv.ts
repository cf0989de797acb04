import { stringify } from 'csv-stringify/sync';

/** One column of an export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  readonly header: string;
  readonly cell: (row: T) => string | number | Date | null;
}

/**
 * A CSV file a spreadsheet opens as it is (decision BOF-39): RFC 4180 quoting by csv-stringify,
 * CRLF line ends, a UTF-8 byte-order mark (so Excel reads "Clínica" right), dates as ISO 8601,
 * and a cell that starts with = + - @ (or a tab or CR) prefixed with a quote, so a name typed
 * as a formula is shown, never run (CSV injection).
 */
export function toCsv<T>(
  columns: readonly CsvColumn<T>[],
  rows: readonly T[],
  { first = true }: { readonly first?: boolean } = {},
): string {
  // A file streamed in parts (the audit export, BOF-57) has its header and mark in the first only.
  return stringify(
    rows.map((row) => columns.map((column) => cellText(column.cell(row)))),
    {
      header: first,
      columns: columns.map((column) => column.header),
      bom: first,
      record_delimiter: 'windows',
      escape_formulas: true,
    },
  );
}

function cellText(value: string | number | Date | null): string | number {
  if (value === null) return '';
  return value instanceof Date ? value.toISOString() : value;
}
