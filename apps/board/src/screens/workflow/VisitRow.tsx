import { memo } from 'react';
import { OverdueMark } from './OverdueMark.tsx';
import { useOverdue } from './use-overdue.ts';
import { usePhaseOf, useVisitRow } from './use-visit-row.ts';
import { usesPhase, VisitCell } from './VisitCell.tsx';
import type { WorkflowColumn } from './workflow-columns.ts';

export interface VisitRowProps {
  readonly rowKey: string;
  readonly columns: readonly WorkflowColumn[];
  /** The column holding the overdue mark (workflow-columns.ts overdueMarkColumn). */
  readonly markColumn: string | undefined;
  readonly hasStationColumn: boolean;
}

/**
 * One patient's table row. It reads its own row (and its phase) from the store
 * by key, so a change to this patient renders this row only; memo keeps the
 * table's renders (a new page, a new order) from reaching rows that did not change.
 */
export const VisitRow = memo(function VisitRow({
  rowKey,
  columns,
  markColumn,
  hasStationColumn,
}: VisitRowProps) {
  const visit = useVisitRow(rowKey);
  const phase = usePhaseOf(visit);
  const overdue = useOverdue(visit?.phase_entered_at, phase?.estimated_duration_sec);
  if (!visit) return null;
  return (
    <tr className="workflow-row" data-key={rowKey} data-overdue={overdue}>
      {columns.map((column) => (
        <td key={column.key} className={`workflow-cell workflow-cell-${column.key}`}>
          {overdue && column.key === markColumn ? <OverdueMark /> : null}
          <VisitCell
            column={column.key}
            visit={visit}
            phase={usesPhase(column.key) ? phase : undefined}
            hasStationColumn={hasStationColumn}
          />
        </td>
      ))}
    </tr>
  );
});
