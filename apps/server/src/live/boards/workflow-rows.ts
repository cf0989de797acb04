import type { PhaseRow, WorkflowVisitRow } from '@careboard/contracts';
import { averagePhaseDurationTodaySec } from '../../domain/average-phase-duration.ts';
import { listBoardPhases } from '../../store/repositories/board-row-queries.ts';
import { type BuildRows, readAlone, scopeKey, scopeOf, shareScopeFlow } from './build-rows.ts';

/** Workflow board (staff): phases with today's averages, and every active visit with its staff. */
export const buildWorkflowRows: BuildRows = async (db, customerId, config, now, share = readAlone) => {
  const scope = scopeOf(config);
  const timeZone = config.department.site.default_timezone;
  // Both at once (LIVE-39); the visits, their staff and today's ended stays in one statement (LIVE-44).
  const [phases, { visits, stays, staff }] = await Promise.all([
    share(`phases ${scopeKey(scope)}`, () => listBoardPhases(db, customerId, scope)),
    shareScopeFlow(db, customerId, config, now, share),
  ]);

  const phaseRows: PhaseRow[] = phases.map((phase) => ({
    key: `phase:${phase.id}`,
    type: 'phase',
    phase_id: phase.id,
    workflow_id: phase.workflow_id,
    workflow_name: phase.workflow_name,
    name: phase.name,
    position: phase.position,
    color: phase.color,
    estimated_duration_sec: phase.estimated_duration_sec,
    avg_duration_sec: averagePhaseDurationTodaySec(
      stays.filter((stay) => stay.phase_id === phase.id),
      now,
      timeZone,
    ),
  }));
  // Each visit's staff by one pass over them, not a pass per visit.
  const staffOf = new Map<number, { abbreviation: string; display_name: string }[]>();
  for (const member of staff) {
    const list = staffOf.get(member.visit_id) ?? [];
    list.push({ abbreviation: member.abbreviation, display_name: member.display_name });
    staffOf.set(member.visit_id, list);
  }
  const visitRows: WorkflowVisitRow[] = visits.map((visit) => ({
    key: `visit:${visit.id}`,
    type: 'visit',
    visit_id: visit.id,
    badge_label: visit.badge_label,
    display_name: visit.display_name,
    workflow_id: visit.workflow_id,
    phase_id: visit.phase_id,
    phase_entered_at: visit.phase_entered_at.toISOString(),
    location_name: visit.location_name,
    station_name: visit.station_name,
    staff: staffOf.get(visit.id) ?? [],
  }));
  return [...phaseRows, ...visitRows];
};
