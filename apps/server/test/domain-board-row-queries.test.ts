import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/store/database.ts';
import {
  type BoardScope,
  listBoardPhases,
  listBoardVisits,
  listEndedStaysInScope,
  listStaffOfBoardVisits,
} from '../src/store/repositories/board-row-queries.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';

const C = 'acme';
const OTHER = 'globex';
let db: Db;
const since = new Date(Date.now() - 7 * 24 * 3_600_000);

beforeAll(async () => {
  db = (await openTestDomain()).db;
  await seedCustomer(db, C);
  await seedCustomer(db, OTHER);
});
afterAll(() => db.destroy());

/** The staff of these visits, read the way the board read them before LIVE-39 (by visit id). */
async function staffOfVisits(customerId: string, visitIds: number[]) {
  if (visitIds.length === 0) return [];
  const rows = await db
    .selectFrom('visit_staff as vs')
    .innerJoin('staff as st', (join) =>
      join.onRef('st.id', '=', 'vs.staff_id').onRef('st.customer_id', '=', 'vs.customer_id'),
    )
    .innerJoin('staff_types as t', (join) =>
      join.onRef('t.id', '=', 'st.staff_type_id').onRef('t.customer_id', '=', 'st.customer_id'),
    )
    .select(['vs.visit_id', 'st.display_name', 't.abbreviation', 't.name', 'st.customer_id'])
    .where('vs.customer_id', '=', customerId)
    .where('vs.visit_id', 'in', visitIds)
    .execute();
  return rows
    .map((row) => ({
      visit_id: row.visit_id,
      display_name: row.display_name,
      abbreviation: row.abbreviation ?? row.name,
    }))
    .sort((a, b) => a.visit_id - b.visit_id || a.display_name.localeCompare(b.display_name));
}

async function staysInPhases(customerId: string, phaseIds: number[]) {
  if (phaseIds.length === 0) return [];
  return db
    .selectFrom('visit_phase_history')
    .select(['phase_id', 'entered_at', 'left_at'])
    .where('customer_id', '=', customerId)
    .where('phase_id', 'in', phaseIds)
    .where('left_at', '>=', since)
    .execute();
}

const byStay = (a: { phase_id: number; entered_at: Date }, b: { phase_id: number; entered_at: Date }) =>
  a.phase_id - b.phase_id || a.entered_at.getTime() - b.entered_at.getTime();

describe('a workflow board’s staff and ended stays, read by its scope (LIVE-39)', async () => {
  it('are those of the visits and phases the board shows, for every kind of scope, of its customer only', async () => {
    const phases = await listBoardPhases(db, C, { workflowIds: [], phaseIds: [] });
    const workflow = phases[0]?.workflow_id ?? 0;
    const scopes: BoardScope[] = [
      { workflowIds: [], phaseIds: [] },
      { workflowIds: [workflow], phaseIds: [] },
      { workflowIds: [], phaseIds: phases.slice(0, 2).map((phase) => phase.id) },
    ];
    let staffSeen = 0;
    let staysSeen = 0;
    for (const scope of scopes) {
      const visitIds = (await listBoardVisits(db, C, scope)).map((visit) => visit.id);
      const staff = await listStaffOfBoardVisits(db, C, scope);
      expect(staff).toEqual(await staffOfVisits(C, visitIds));
      staffSeen += staff.length;
      const phaseIds = (await listBoardPhases(db, C, scope)).map((phase) => phase.id);
      const stays = await listEndedStaysInScope(db, C, scope, since);
      expect([...stays].sort(byStay)).toEqual((await staysInPhases(C, phaseIds)).sort(byStay));
      staysSeen += stays.length;
    }
    // The demo care setting has staff with its visits and stays that ended: the comparison saw some.
    expect(staffSeen).toBeGreaterThan(0);
    expect(staysSeen).toBeGreaterThan(0);
    const otherVisits = new Set(
      (await listBoardVisits(db, OTHER, scopes[0] as BoardScope)).map((visit) => visit.id),
    );
    for (const member of await listStaffOfBoardVisits(db, C, scopes[0] as BoardScope))
      expect(otherVisits.has(member.visit_id)).toBe(false);
  });
});
