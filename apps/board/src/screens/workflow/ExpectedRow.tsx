import type { ExpectedVisitRow, TableColumnKey } from '@careboard/contracts';
import { memo } from 'react';
import { useBoardRow } from '../../board/content/board-content-context.ts';
import { ExpectedCell } from './ExpectedCell.tsx';
import { ExpectedMark } from './ExpectedMark.tsx';
import type { WorkflowColumn } from './workflow-columns.ts';

export interface ExpectedRowProps {
  readonly rowKey: string;
  readonly columns: readonly WorkflowColumn[];
  /**
   * The column that says "Expected" before its content when the table has no phase column
   * (expectedMarkColumn); undefined: nothing added (a slide whose title says it).
   */
  readonly markColumn: TableColumnKey | undefined;
}

/**
 * A patient the EHR expects, as a table row (BRD-23): read by key and memoized like a visit's
 * row, so a change to one expected patient renders that row only.
 */
export const ExpectedRow = memo(function ExpectedRow({ rowKey, columns, markColumn }: ExpectedRowProps) {
  const patient = useBoardRow<ExpectedVisitRow>(rowKey);
  if (!patient) return null;
  return (
    <tr className="workflow-row" data-key={rowKey} data-expected="true">
      {columns.map((column) => (
        <td key={column.key} className={`workflow-cell workflow-cell-${column.key}`}>
          {column.key === markColumn && column.key !== 'phase' ? (
            <>
              <ExpectedMark />{' '}
            </>
          ) : null}
          <ExpectedCell column={column.key} patient={patient} />
        </td>
      ))}
    </tr>
  );
});
