import type { FamilyVisitRow } from '@careboard/contracts';
import { type CSSProperties, memo } from 'react';
import { useBoardRow } from '../../board/content/board-content-context.ts';
import type { Legend } from './family-rows.ts';
import { PhaseShape } from './PhaseShape.tsx';
import { TimeInStatus } from './TimeInStatus.tsx';

export interface FamilyRowProps {
  readonly rowKey: string;
  readonly legend: Legend;
  /** The board shows display names (the column exists); a row still shows one only if it has it. */
  readonly showName: boolean;
}

/**
 * One patient: code, name where configured, status (shape, color and name) and
 * time in status. It reads its own row from the store, so a change to one
 * patient re-renders this row alone. Only these fields are ever rendered.
 */
export const FamilyRow = memo(function FamilyRow({ rowKey, legend, showName }: FamilyRowProps) {
  const row = useBoardRow<FamilyVisitRow>(rowKey);
  if (!row) return null;
  const phase = legend.byPhase.get(row.phase_id);
  const statusStyle = phase ? ({ '--phase-color': phase.color } as CSSProperties) : undefined;
  return (
    <tr>
      <td className="family-code">{row.code}</td>
      {showName ? <td className="family-name">{row.display_name ?? ''}</td> : null}
      <td className="family-status">
        <span className="family-status-mark" style={statusStyle}>
          {phase ? (
            <>
              <PhaseShape shape={phase.shape} color={phase.color} />
              <span className="family-status-name">{phase.name}</span>
            </>
          ) : null}
        </span>
      </td>
      <td className="family-time">
        <TimeInStatus since={row.status_since} />
      </td>
    </tr>
  );
});
