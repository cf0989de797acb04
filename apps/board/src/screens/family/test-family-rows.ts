import type { FamilyPhaseRow, FamilyVisitRow } from '@careboard/contracts';

/** Test helper: the demo's Day Surgery phases as the family board receives them. */
export const testPhases: readonly FamilyPhaseRow[] = [
  ['Check-in', '#2F80ED'],
  ['Pre-op', '#F2C94C'],
  ['In Surgery', '#EB5757'],
  ['Recovery', '#27AE60'],
  ['Ready for Discharge', '#9B51E0'],
].map(([name = '', color = ''], i) => ({
  key: `phase:${i + 11}`,
  type: 'phase',
  phase_id: i + 11,
  name,
  position: i + 1,
  color,
}));

/** Test helper: a visit row; `minutesAgo` sets when its status began relative to `now`. */
export function testVisit(
  id: number,
  phaseId: number,
  minutesAgo: number,
  extra: Partial<FamilyVisitRow> = {},
  now: number = Date.now(),
): FamilyVisitRow {
  return {
    key: `visit:${id}`,
    type: 'visit',
    code: `C${String(id).padStart(4, '0')}`,
    phase_id: phaseId,
    status_since: new Date(now - minutesAgo * 60_000).toISOString(),
    ...extra,
  };
}
