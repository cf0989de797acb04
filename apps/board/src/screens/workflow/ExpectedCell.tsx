import type { ExpectedVisitRow, TableColumnKey } from '@careboard/contracts';
import { memo } from 'react';
import { ExpectedMark } from './ExpectedMark.tsx';
import { ExpectedTime } from './ExpectedTime.tsx';

const none = <span className="workflow-none">—</span>;

/**
 * What one column shows for a patient not yet here (BRD-23): the name, "Expected" where the phase
 * goes, when they are due where the time in phase goes, the place the EHR named. No badge, staff,
 * estimate or average yet: they are in no phase.
 */
export const ExpectedCell = memo(function ExpectedCell({
  column,
  patient,
}: {
  readonly column: TableColumnKey;
  readonly patient: ExpectedVisitRow;
}) {
  switch (column) {
    case 'display_name':
      return patient.display_name;
    case 'phase':
      return <ExpectedMark />;
    case 'location':
      return patient.location_name || none;
    case 'time_in_phase':
      return <ExpectedTime at={patient.expected_at} />;
    default:
      return none;
  }
});
