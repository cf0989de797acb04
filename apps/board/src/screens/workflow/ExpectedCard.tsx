import type { ExpectedVisitRow, TableColumnKey } from '@careboard/contracts';
import { memo } from 'react';
import { useBoardRow } from '../../board/content/board-content-context.ts';
import { ExpectedCell } from './ExpectedCell.tsx';
import type { WorkflowColumn } from './workflow-columns.ts';

/** A card's lines, as a visit's card has them (LaneCard): who; when due; where. */
const lines: readonly (readonly TableColumnKey[])[] = [['display_name'], ['time_in_phase'], ['location']];
const lineClasses = ['workflow-card-identity', 'workflow-card-status', 'workflow-card-place'];

/** A patient the EHR expects, in the Expected lane (display style 3, BRD-23). */
export const ExpectedCard = memo(function ExpectedCard({
  rowKey,
  columns,
}: {
  readonly rowKey: string;
  readonly columns: readonly WorkflowColumn[];
}) {
  const patient = useBoardRow<ExpectedVisitRow>(rowKey);
  if (!patient) return null;
  return (
    <li className="workflow-card" data-key={rowKey} data-expected="true">
      {lines.map((keys, index) => (
        <div key={lineClasses[index]} className={`workflow-card-line ${lineClasses[index]}`}>
          {keys
            .filter((key) => columns.some((column) => column.key === key))
            .map((key) => (
              <span key={key} className={`workflow-card-part workflow-cell-${key}`}>
                <ExpectedCell column={key} patient={patient} />
              </span>
            ))}
        </div>
      ))}
    </li>
  );
});
