import { describe, expect, it } from 'vitest';
import { type CsvColumn, toCsv } from './csv.ts';

interface Row {
  readonly name: string;
  readonly count: number;
  readonly at: Date | null;
}

const columns: readonly CsvColumn<Row>[] = [
  { header: 'name', cell: (row) => row.name },
  { header: 'count', cell: (row) => row.count },
  { header: 'at', cell: (row) => row.at },
];

const body = (csv: string) => csv.slice(1).split('\r\n');

describe('toCsv', () => {
  it('writes a byte-order mark, a header row and CRLF-ended rows, dates as ISO 8601 and null as empty', () => {
    const csv = toCsv(columns, [{ name: 'Clínica', count: 2, at: new Date('2026-05-01T08:00:00Z') }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(body(csv)).toEqual(['name,count,at', 'Clínica,2,2026-05-01T08:00:00.000Z', '']);
    expect(body(toCsv(columns, [{ name: 'x', count: 0, at: null }]))[1]).toBe('x,0,');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(body(toCsv(columns, [{ name: 'Ward "A",\neast', count: 1, at: null }]))[1]).toBe(
      '"Ward ""A"",\neast",1,',
    );
  });

  it('defuses text a spreadsheet would run as a formula, but leaves negative numbers alone', () => {
    const names = ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', 'safe = fine'];
    const csv = toCsv(
      columns,
      names.map((name) => ({ name, count: -4, at: null })),
    );
    expect(body(csv).slice(1, -1)).toEqual([
      "'=1+1,-4,",
      "'+cmd,-4,",
      "'-2+3,-4,",
      "'@SUM(A1),-4,",
      "'\tx,-4,",
      'safe = fine,-4,',
    ]);
  });

  it('writes only the header row when there are no rows', () => {
    expect(toCsv(columns, [])).toBe('\uFEFFname,count,at\r\n');
  });
});
