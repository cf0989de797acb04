import type { FamilyPhaseRow, FamilyVisitRow } from '@careboard/contracts';
import { listBoardPhases } from '../../store/repositories/board-row-queries.ts';
import { type BuildRows, readAlone, scopeKey, scopeOf, shareScopeFlow } from './build-rows.ts';

/**
 * Family board (waiting room). Built field by field from an allow-list: a code
 * (or badge label), a status and since when, and the display name only where
 * the board is configured to show it. Nothing else about a patient, and no
 * staff, leaves the server for this board type.
 */
export const buildFamilyRows: BuildRows = async (db, customerId, config, now, share = readAlone) => {
  const scope = scopeOf(config);
  // The same reads as the workflow board's of the same scope: shared with it (LIVE-22), the staff
  // and stays too, which this board does not show (LIVE-44).
  const [phases, { visits }] = await Promise.all([
    share(`phases ${scopeKey(scope)}`, () => listBoardPhases(db, customerId, scope)),
    shareScopeFlow(db, customerId, config, now, share),
  ]);
  const legend: FamilyPhaseRow[] = phases.map((phase) => ({
    key: `phase:${phase.id}`,
    type: 'phase',
    phase_id: phase.id,
    name: phase.name,
    position: phase.position,
    color: phase.color,
  }));
  const rows: FamilyVisitRow[] = visits.map((visit) => ({
    key: `visit:${visit.id}`,
    type: 'visit',
    code: config.show_badge && visit.badge_label ? visit.badge_label : visit.family_code,
    ...(config.show_display_name ? { display_name: visit.display_name } : {}),
    phase_id: visit.phase_id,
    status_since: visit.phase_entered_at.toISOString(),
  }));
  return [...legend, ...rows];
};
