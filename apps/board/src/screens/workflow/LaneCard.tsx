import type { TableColumnKey } from '@careboard/contracts';
import { memo } from 'react';
import { OverdueMark } from './OverdueMark.tsx';
import { useOverdue } from './use-overdue.ts';
import { usePhaseOf, useVisitRow } from './use-visit-row.ts';
import { VisitCell } from './VisitCell.tsx';
import type { WorkflowColumn } from './workflow-columns.ts';

/**
 * A card's lines, each with the board's columns that belong there: who; how
 * long and with whom (never cut: the time matters most); where. The lane says
 * the phase, its heading the estimate and the average.
 */
const identityKeys: readonly TableColumnKey[] = ['badge_label', 'display_name'];
const statusKeys: readonly TableColumnKey[] = ['time_in_phase', 'staff'];
const placeKeys: readonly TableColumnKey[] = ['location', 'station'];

export interface LaneCardProps {
  readonly rowKey: string;
  readonly columns: readonly WorkflowColumn[];
}

/**
 * One patient in a phase's lane (display style 3), with the board's columns that
 * fit a card. Like a table row it reads its data by key and is memoized.
 */
export const LaneCard = memo(function LaneCard({ rowKey, columns }: LaneCardProps) {
  const visit = useVisitRow(rowKey);
  const phase = usePhaseOf(visit);
  const overdue = useOverdue(visit?.phase_entered_at, phase?.estimated_duration_sec);
  if (!visit) return null;
  const hasStationColumn = columns.some((column) => column.key === 'station');
  const line = (keys: readonly TableColumnKey[]) =>
    keys
      .filter((key) => columns.some((column) => column.key === key))
      .map((key) => (
        <span key={key} className={`workflow-card-part workflow-cell-${key}`}>
          <VisitCell column={key} visit={visit} phase={phase} hasStationColumn={hasStationColumn} />
        </span>
      ));
  return (
    <li className="workflow-card" data-key={rowKey} data-overdue={overdue}>
      <div className="workflow-card-line workflow-card-identity">{line(identityKeys)}</div>
      <div className="workflow-card-line workflow-card-status">
        {overdue ? <OverdueMark /> : null}
        {line(statusKeys)}
      </div>
      <div className="workflow-card-line workflow-card-place">{line(placeKeys)}</div>
    </li>
  );
});
