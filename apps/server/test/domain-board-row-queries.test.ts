import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/store/database.ts';
import {
  type BoardScope,
  endedStaysInScopeQuery,
  listBoardPhases,
  listBoardVisits,
  staffOfBoardVisitsQuery,
} from '../src/store/repositories/board-row-queries.ts';
import { compiledReadsKept } from '../src/store/repositories/compiled-reads.ts';
import { readScopeFlow } from '../src/store/repositories/scope-flow.ts';
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

/** A scope of every kind: the whole customer, one workflow, two phases. */
async function everyKindOfScope(): Promise<BoardScope[]> {
  const phases = await listBoardPhases(db, C, { workflowIds: [], phaseIds: [] });
  const workflow = phases[0]?.workflow_id ?? 0;
  return [
    { workflowIds: [], phaseIds: [] },
    { workflowIds: [workflow], phaseIds: [] },
    { workflowIds: [], phaseIds: phases.slice(0, 2).map((phase) => phase.id) },
  ];
}

const byStay = (a: { phase_id: number; entered_at: Date }, b: { phase_id: number; entered_at: Date }) =>
  a.phase_id - b.phase_id || a.entered_at.getTime() - b.entered_at.getTime();

describe('a workflow board’s staff and ended stays, read by its scope (LIVE-39)', async () => {
  it('are those of the visits and phases the board shows, for every kind of scope, of its customer only', async () => {
    const scopes = await everyKindOfScope();
    let staffSeen = 0;
    let staysSeen = 0;
    for (const scope of scopes) {
      const visitIds = (await listBoardVisits(db, C, scope)).map((visit) => visit.id);
      const staff = await staffOfBoardVisitsQuery(db, C, scope).execute();
      expect(staff).toEqual(await staffOfVisits(C, visitIds));
      staffSeen += staff.length;
      const phaseIds = (await listBoardPhases(db, C, scope)).map((phase) => phase.id);
      const stays = await endedStaysInScopeQuery(db, C, scope, since).execute();
      expect([...stays].sort(byStay)).toEqual((await staysInPhases(C, phaseIds)).sort(byStay));
      staysSeen += stays.length;
    }
    // The demo care setting has staff with its visits and stays that ended: the comparison saw some.
    expect(staffSeen).toBeGreaterThan(0);
    expect(staysSeen).toBeGreaterThan(0);
    const otherVisits = new Set(
      (await listBoardVisits(db, OTHER, scopes[0] as BoardScope)).map((visit) => visit.id),
    );
    for (const member of await staffOfBoardVisitsQuery(db, C, scopes[0] as BoardScope).execute())
      expect(otherVisits.has(member.visit_id)).toBe(false);
  });
});

describe('a scope’s flow in one statement (LIVE-44)', () => {
  it('is what the three reads apart answer, dates as dates, for every kind of scope, of its customer only', async () => {
    const scopes = await everyKindOfScope();
    // Every statement the flow sends, counted.
    let statements = 0;
    const counting = new Proxy(db, {
      get(target, property) {
        const value = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (property !== 'executeQuery') return value.bind(target);
        return (...args: Parameters<Db['executeQuery']>) => {
          statements += 1;
          return target.executeQuery(...args);
        };
      },
    });
    for (const scope of scopes) {
      const before = statements;
      const flow = await readScopeFlow(counting, C, scope, since);
      expect(statements - before).toBe(1);
      expect(flow.visits).toEqual(await listBoardVisits(db, C, scope));
      expect(flow.staff).toEqual(await staffOfBoardVisitsQuery(db, C, scope).execute());
      expect([...flow.stays].sort(byStay)).toEqual(
        [...(await endedStaysInScopeQuery(db, C, scope, since).execute())].sort(byStay),
      );
      expect(flow.visits.length).toBeGreaterThan(0);
      expect(flow.visits[0]?.phase_entered_at).toBeInstanceOf(Date);
    }
    const all = await readScopeFlow(db, C, scopes[0] as BoardScope, since);
    expect(all.staff.length).toBeGreaterThan(0);
    expect(all.stays.length).toBeGreaterThan(0);
    const theirs = await readScopeFlow(db, OTHER, scopes[0] as BoardScope, since);
    const mine = new Set(all.visits.map((visit) => visit.id));
    expect(theirs.visits.length).toBeGreaterThan(0);
    expect(theirs.visits.some((visit) => mine.has(visit.id))).toBe(false);
  });
});

describe('board reads compiled once for their arguments (LIVE-43)', () => {
  it('reuse the query, never the rows, and keep each customer’s and scope’s apart', async () => {
    const phases = await listBoardPhases(db, C, { workflowIds: [], phaseIds: [] });
    const workflow = phases[0]?.workflow_id ?? 0;
    // A scope no other test here reads: the workflow and every phase of it, listed.
    const listed = phases.filter((phase) => phase.workflow_id === workflow).map((phase) => phase.id);
    const scope: BoardScope = { workflowIds: [workflow], phaseIds: listed };
    const before = compiledReadsKept();
    const first = await listBoardVisits(db, C, scope);
    expect(compiledReadsKept()).toBe(before + 1);
    expect(first.length).toBeGreaterThan(1);

    // The same arguments: the same query, and what the table holds now.
    const done = first[0]?.id ?? 0;
    await db.updateTable('visits').set({ completed_at: new Date() }).where('id', '=', done).execute();
    const second = await listBoardVisits(db, C, scope);
    expect(compiledReadsKept()).toBe(before + 1);
    expect(second.map((visit) => visit.id)).toEqual(first.slice(1).map((visit) => visit.id));

    // Another customer, the same scope: a query of its own, with its own rows.
    const theirs = await listBoardVisits(db, OTHER, scope);
    expect(compiledReadsKept()).toBe(before + 2);
    const mine = new Set(first.map((visit) => visit.id));
    expect(theirs.some((visit) => mine.has(visit.id))).toBe(false);
  });
});
