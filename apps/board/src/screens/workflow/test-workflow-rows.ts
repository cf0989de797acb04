import type { ExpectedVisitRow, PhaseRow, WorkflowVisitRow } from '@careboard/contracts';

/** Test helper: a phase row as the server builds it (live/boards/workflow-rows.ts). */
export function phaseRow(id: number, overrides: Partial<PhaseRow> = {}): PhaseRow {
  return {
    key: `phase:${id}`,
    type: 'phase',
    phase_id: id,
    workflow_id: 1,
    workflow_name: 'Day Surgery',
    name: `Phase ${id}`,
    position: id,
    color: '#2F80ED',
    estimated_duration_sec: 600,
    avg_duration_sec: 540,
    ...overrides,
  };
}

/** Test helper: a patient's row, in phase `phaseId` since `enteredAt`. */
export function visitRow(
  id: number,
  phaseId: number,
  enteredAt: string,
  overrides: Partial<WorkflowVisitRow> = {},
): WorkflowVisitRow {
  return {
    key: `visit:${id}`,
    type: 'visit',
    visit_id: id,
    badge_label: `B-${100 + id}`,
    display_name: `Patient${id} K.`,
    workflow_id: 1,
    phase_id: phaseId,
    phase_entered_at: enteredAt,
    location_name: 'Pre-op Bay',
    station_name: null,
    staff: [],
    away_since: null,
    ...overrides,
  };
}

/** Test helper: a patient the EHR expects at `expectedAt` (null: no time), who has not arrived. */
export function expectedRow(
  id: number,
  expectedAt: string | null,
  overrides: Partial<ExpectedVisitRow> = {},
): ExpectedVisitRow {
  return {
    key: `expected:${id}`,
    type: 'expected',
    expected_id: id,
    display_name: `Expected${id} E.`,
    workflow_id: 1,
    expected_at: expectedAt,
    location_name: null,
    ...overrides,
  };
}

/** An instant `minutes` before `now`, as the server writes it. */
export function minutesBefore(now: number, minutes: number): string {
  return new Date(now - minutes * 60_000).toISOString();
}
