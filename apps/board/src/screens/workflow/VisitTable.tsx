import type { TableColumnKey } from '@careboard/contracts';
import { type CSSProperties, memo, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { ExpectedRow } from './ExpectedRow.tsx';
import { VisitRow } from './VisitRow.tsx';
import { expectedMarkColumn, overdueMarkColumn, type WorkflowColumn } from './workflow-columns.ts';

/**
 * The narrowest each column may get (em of the board's type): an hour and more
 * with its overdue sign, a phase name, a short place. Columns share the rest of
 * the width by their weights.
 */
const minimumWidthEm: Readonly<Record<TableColumnKey, number>> = {
  badge_label: 4,
  display_name: 6,
  phase: 6,
  location: 6,
  station: 5,
  time_in_phase: 8.5,
  estimated_duration: 7,
  avg_duration: 7,
  staff: 5,
};

/** One grid template for the header and every row, so the columns line up whatever each row holds. */
export function columnTemplate(columns: readonly WorkflowColumn[]): string {
  return columns.map((column) => `minmax(${minimumWidthEm[column.key]}em, ${column.width}fr)`).join(' ');
}

export interface VisitTableProps {
  readonly columns: readonly WorkflowColumn[];
  /** The patients of the page on screen, in order. */
  readonly visitKeys: readonly string[];
  /** The expected patients of the page, after those present (BRD-23). */
  readonly expectedKeys?: readonly string[];
  /** Whether each expected row says "Expected" (not where the slide's title says it). */
  readonly markExpected?: boolean;
}

const noKeys: readonly string[] = [];

/**
 * The patients of one page as a table (a table whose rows are CSS grids: every row is
 * exactly one board row tall, which the paging math counts on). It renders when
 * the page's keys change; each row then renders only if its own row changed
 * (VisitRow is memoized and reads its data by key).
 */
export function VisitTable({
  columns,
  visitKeys,
  expectedKeys = noKeys,
  markExpected = true,
}: VisitTableProps) {
  const markColumn = useMemo(() => overdueMarkColumn(columns), [columns]);
  const expectedColumn = useMemo(
    () => (markExpected ? expectedMarkColumn(columns) : undefined),
    [columns, markExpected],
  );
  const hasStationColumn = useMemo(() => columns.some((column) => column.key === 'station'), [columns]);
  const style = useMemo(
    () => ({ '--workflow-columns': columnTemplate(columns) }) as CSSProperties,
    [columns],
  );
  return (
    <table className="workflow-table" style={style}>
      <TableHead columns={columns} />
      <tbody className="workflow-table-body">
        {visitKeys.map((key) => (
          <VisitRow
            key={key}
            rowKey={key}
            columns={columns}
            markColumn={markColumn}
            hasStationColumn={hasStationColumn}
          />
        ))}
        {expectedKeys.map((key) => (
          <ExpectedRow key={key} rowKey={key} columns={columns} markColumn={expectedColumn} />
        ))}
      </tbody>
    </table>
  );
}

/** Each column's label: the configured one, or the catalogue's. */
const TableHead = memo(function TableHead({ columns }: { readonly columns: readonly WorkflowColumn[] }) {
  const intl = useIntl();
  return (
    <thead>
      <tr className="workflow-head-row">
        {columns.map((column) => (
          <th key={column.key} scope="col" className={`workflow-cell workflow-cell-${column.key}`}>
            {column.label ?? intl.formatMessage({ id: `workflow.column.${column.key}` })}
          </th>
        ))}
      </tr>
    </thead>
  );
});
