import type { DisplayBoardConfig, ExpectedVisitRow, PhaseRow, WorkflowVisitRow } from '@careboard/contracts';
import { averagePhaseDurationTodaySec } from '../../domain/average-phase-duration.ts';
import { localDay } from '../../domain/local-day.ts';
import type { Db } from '../../store/database.ts';
import { listBoardPhases } from '../../store/repositories/board-row-queries.ts';
import {
  type BoardExpectedVisit,
  listBoardExpectedVisits,
} from '../../store/repositories/expected-visits.ts';
import {
  type BuildRows,
  iso,
  readAlone,
  type ShareRead,
  scopeKey,
  scopeOf,
  shareScopeFlow,
} from './build-rows.ts';

/**
 * Workflow board (staff): phases with today's averages, every active visit with its staff, and
 * (when the board shows them) the patients expected today who have not arrived.
 */
export const buildWorkflowRows: BuildRows = async (db, customerId, config, now, share = readAlone) => {
  const scope = scopeOf(config);
  const timeZone = config.department.site.default_timezone;
  // All at once (LIVE-39); the visits, their staff and today's ended stays in one statement (LIVE-44).
  const [phases, { visits, stays, staff }, expected] = await Promise.all([
    share(`phases ${scopeKey(scope)}`, () => listBoardPhases(db, customerId, scope)),
    shareScopeFlow(db, customerId, config, now, share),
    shareExpected(db, customerId, config, now, share),
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
    away_since: visit.away_since ? new Date(visit.away_since).toISOString() : null,
  }));
  const expectedRows: ExpectedVisitRow[] = expected.map((patient) => ({
    key: `expected:${patient.id}`,
    type: 'expected',
    expected_id: patient.id,
    display_name: patient.display_name,
    workflow_id: patient.workflow_id,
    expected_at: iso(patient.expected_at),
    location_name: patient.location_name,
  }));
  return [...phaseRows, ...visitRows, ...expectedRows];
};

/**
 * The scope's patients expected by the end of the site's day (BRD-23), shared by the scope's
 * boards and kept until an expected patient changes (LIVE-63); none read for a board that does
 * not show them. The day's end is in the key, so the next day's patients come at midnight.
 */
function shareExpected(
  db: Db,
  customerId: string,
  config: DisplayBoardConfig,
  now: Date,
  share: ShareRead,
): Promise<readonly BoardExpectedVisit[]> {
  if (!config.show_expected) return Promise.resolve([]);
  const scope = scopeOf(config);
  const until = localDay(now, config.department.site.default_timezone).end;
  return share(`expected ${scopeKey(scope)} ${until.toISOString()}`, () =>
    listBoardExpectedVisits(db, customerId, scope, until),
  );
}
