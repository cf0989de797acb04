import type { PhaseRow, TableColumnKey, WorkflowVisitRow } from '@careboard/contracts';
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { formatDuration } from '../../ui/time/format-time.ts';
import { PhasePill } from './PhasePill.tsx';
import { TimeInPhase } from './TimeInPhase.tsx';

export interface VisitCellProps {
  readonly column: TableColumnKey;
  readonly visit: WorkflowVisitRow;
  readonly phase: PhaseRow | undefined;
  /** Whether the table also has a station column (else the location cell names the station, the more precise place). */
  readonly hasStationColumn: boolean;
}

const none = <span className="workflow-none">—</span>;

/** The columns that show something of the patient's phase; the others are not given it. */
export function usesPhase(column: TableColumnKey): boolean {
  return column === 'phase' || column === 'estimated_duration' || column === 'avg_duration';
}

/**
 * What one column shows for one patient. Memoized, and only the phase columns
 * get the phase: when a phase's average changes (a patient left it), the rows of
 * that phase render their phase cells again, not their names and places.
 */
export const VisitCell = memo(function VisitCell({ column, visit, phase, hasStationColumn }: VisitCellProps) {
  switch (column) {
    case 'badge_label':
      return visit.badge_label || none;
    case 'display_name':
      return visit.display_name;
    case 'phase':
      return <PhasePill phase={phase} />;
    case 'location':
      return <Place visit={visit} withStation={!hasStationColumn} />;
    case 'station':
      return visit.station_name || none;
    case 'time_in_phase':
      return <TimeInPhase enteredAt={visit.phase_entered_at} />;
    case 'estimated_duration':
      return <Duration seconds={phase?.estimated_duration_sec ?? null} />;
    case 'avg_duration':
      return <Duration seconds={phase?.avg_duration_sec ?? null} />;
    case 'staff':
      return <StaffAbbreviations staff={visit.staff} />;
  }
});

/** Where the patient is: on leave of absence (ADT A21, FEED-69) says so in words, before any room. */
function Place({ visit, withStation }: { readonly visit: WorkflowVisitRow; readonly withStation: boolean }) {
  const intl = useIntl();
  if (visit.away_since)
    return <span className="workflow-away">{intl.formatMessage({ id: 'workflow.away' })}</span>;
  return (withStation ? visit.station_name : null) || visit.location_name || none;
}

export function Duration({ seconds }: { readonly seconds: number | null }) {
  const { locale } = useIntl();
  return seconds === null ? none : formatDuration(seconds, locale);
}

/** Who is with the patient, by staff type ("RN", "MD"): names stay off a wall screen. */
function StaffAbbreviations({ staff }: { readonly staff: WorkflowVisitRow['staff'] }) {
  if (staff.length === 0) return none;
  return (
    <span className="workflow-staff">
      {staff.map((member, index) => (
        // Two nurses are two "RN"s: the position tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: abbreviations repeat and the list is replaced whole
        <span key={index} className="workflow-staff-chip">
          {member.abbreviation}
        </span>
      ))}
    </span>
  );
}
