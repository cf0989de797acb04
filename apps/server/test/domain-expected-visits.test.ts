import { BoardType, type DisplayBoardConfig } from '@careboard/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitVisit } from '../src/services/admit-visit.ts';
import { createDisplayBoard } from '../src/services/create-display-board.ts';
import {
  type ExpectVisitInput,
  endExpectedVisit,
  expectVisit,
  findExpectedVisit,
} from '../src/services/expected-visits.ts';
import { updateDisplayBoard } from '../src/services/update-display-board.ts';
import { type ChangeRow, listChangesSince } from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { listDisplayBoardConfigs } from '../src/store/repositories/display-boards.ts';
import { listLocations } from '../src/store/repositories/locations.ts';
import { listWorkflows } from '../src/store/repositories/workflows.ts';
import { appErrorOf, openTestDomain, seedCustomer } from './domain-fixtures.ts';

const C = 'acme';
const OTHER = 'globex';
let db: Db;
let surgeryId: number;
let clinicId: number;
let locationId: number;
let boards: DisplayBoardConfig[];

beforeAll(async () => {
  ({ db } = await openTestDomain());
  await seedCustomer(db, C);
  await seedCustomer(db, OTHER);
  const [surgery, clinic] = await listWorkflows(db, C);
  if (!surgery || !clinic) throw new Error('seed');
  surgeryId = surgery.id;
  clinicId = clinic.id;
  locationId = (await listLocations(db, C))[0]?.id ?? 0;
  // Every board of the surgery workflow asks for expected patients: only the workflow board may show them.
  for (const board of await listDisplayBoardConfigs(db, C)) {
    await updateDisplayBoard(db, C, board.id, { show_expected: true });
  }
  // And a workflow board of the clinic, so a move between workflows names a board on each side.
  await createDisplayBoard(db, C, {
    name: 'Clinic flow',
    display_board_type_id: BoardType.Workflow,
    department_id: (await listDisplayBoardConfigs(db, C))[0]?.department.id ?? 0,
    workflow_ids: [clinicId],
    show_expected: true,
  });
  boards = await listDisplayBoardConfigs(db, C);
});
afterAll(() => db.destroy());

let serial = 0;
function input(overrides: Partial<ExpectVisitInput> = {}): ExpectVisitInput {
  serial += 1;
  return {
    workflow_id: surgeryId,
    external_id: `V-${serial}`,
    external_patient_id: `P-${serial}`,
    first_name: 'Anna',
    last_name: 'Kowalski',
    expected_at: new Date('2026-11-25T10:30:00Z'),
    source: 'adt',
    ...overrides,
  };
}

async function stored(id: number) {
  return db.selectFrom('expected_visits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function changesAfter(version: string): Promise<ChangeRow[]> {
  return listChangesSince(db, C, version);
}

async function currentVersion(): Promise<string> {
  return (await listChangesSince(db, C, '0', 100_000)).at(-1)?.version ?? '0';
}

/** The boards of the customer that show the workflow and are of `type`. */
const boardsOf = (type: number, workflowId: number) =>
  boards
    .filter((b) => b.display_board_type_id === type)
    .filter((b) => b.workflow_ids.length === 0 || b.workflow_ids.includes(workflowId))
    .map((b) => b.id);

describe('expectVisit', () => {
  it('makes an expected row named as a visit is ("Anna K."), and records a change for the workflow boards showing expected patients', async () => {
    const before = await currentVersion();
    const now = new Date('2026-11-24T08:00:00Z');
    const made = await expectVisit(db, C, input({ first_name: ' Anna ', location_id: locationId }), now);
    expect(made.changed).toBe(true);
    expect(await stored(made.id)).toMatchObject({
      customer_id: C,
      workflow_id: surgeryId,
      first_name: 'Anna',
      last_name: 'Kowalski',
      display_name: 'Anna K.',
      expected_at: new Date('2026-11-25T10:30:00Z'),
      location_id: locationId,
      source: 'adt',
      status: 'expected',
      visit_id: null,
      created_at: now,
      updated_at: now,
      ended_at: null,
    });
    const changes = await changesAfter(before);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ entity: 'expected_visit', entity_id: made.id, action: 'insert' });
    // The family and patient boards of the workflow never show expected patients: not woken, not "changed".
    const workflowBoards = boardsOf(BoardType.Workflow, surgeryId);
    expect(workflowBoards.length).toBeGreaterThan(0);
    expect(changes[0]?.board_ids).toEqual(workflowBoards);
  });

  it('names no board that does not ask for expected patients', async () => {
    const quiet = await createDisplayBoard(db, C, {
      name: 'Quiet flow',
      display_board_type_id: BoardType.Workflow,
      department_id: boards[0]?.department.id ?? 0,
      workflow_ids: [surgeryId],
    });
    expect(quiet.show_expected).toBe(false);
    const before = await currentVersion();
    await expectVisit(db, C, input());
    const [change] = await changesAfter(before);
    expect(change?.board_ids).not.toContain(quiet.id);
  });

  it('updates the row expected under the external id, reporting and recording only what a board shows', async () => {
    const first = input();
    const made = await expectVisit(db, C, first);
    let before = await currentVersion();

    // The same message again: nothing changed, nothing recorded.
    expect(await expectVisit(db, C, first)).toEqual({ id: made.id, changed: false });
    // A last name with the same initial: stored, but the board shows the same "Anna K.".
    expect(await expectVisit(db, C, { ...first, last_name: 'Kowalska' })).toEqual({
      id: made.id,
      changed: false,
    });
    expect((await stored(made.id)).last_name).toBe('Kowalska');
    expect(await changesAfter(before)).toEqual([]);

    // A new time, a new name, no time, a place: each a change of what the board shows.
    let current: ExpectVisitInput = { ...first, last_name: 'Kowalska' };
    for (const change of [
      { expected_at: new Date('2026-11-25T11:00:00Z') },
      { first_name: 'Anne' },
      { expected_at: null },
      { location_id: locationId },
    ]) {
      before = await currentVersion();
      current = { ...current, ...change };
      expect(await expectVisit(db, C, current)).toEqual({
        id: made.id,
        changed: true,
      });
      expect(await changesAfter(before)).toMatchObject([
        { entity: 'expected_visit', entity_id: made.id, action: 'update' },
      ]);
    }
    expect(await stored(made.id)).toMatchObject({
      first_name: 'Anne',
      display_name: 'Anne K.',
      expected_at: null,
      location_id: locationId,
    });
  });

  it('moves the row to another workflow, naming the boards of both', async () => {
    const first = input();
    const made = await expectVisit(db, C, first);
    const before = await currentVersion();
    expect(await expectVisit(db, C, { ...first, workflow_id: clinicId })).toEqual({
      id: made.id,
      changed: true,
    });
    const [change] = await changesAfter(before);
    const [surgeryBoard] = boardsOf(BoardType.Workflow, surgeryId);
    const [clinicBoard] = boardsOf(BoardType.Workflow, clinicId);
    expect(surgeryBoard).not.toBe(clinicBoard);
    expect(change?.board_ids).toEqual([surgeryBoard, clinicBoard].sort((a = 0, b = 0) => a - b));
    expect((await stored(made.id)).workflow_id).toBe(clinicId);
  });

  it('keeps a known patient identifier and place when a later message names none, and clears a place set to null', async () => {
    const first = input({ external_patient_id: 'P-KEEP', location_id: locationId });
    const made = await expectVisit(db, C, first);
    const { location_id: _omitted, ...withoutPlace } = first;
    await expectVisit(db, C, { ...withoutPlace, external_patient_id: null, expected_at: null });
    expect(await stored(made.id)).toMatchObject({ external_patient_id: 'P-KEEP', location_id: locationId });
    expect(await expectVisit(db, C, { ...withoutPlace, expected_at: null, location_id: null })).toEqual({
      id: made.id,
      changed: true,
    });
    expect((await stored(made.id)).location_id).toBeNull();
  });

  it('makes one row of two messages for a new external id at once: the second waits, then updates it', async () => {
    const given = input();
    const before = await currentVersion();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first message's transaction has made the row and not committed yet...
    const first = db.transaction().execute(async (trx) => {
      const made = await expectVisit(trx, C, given);
      await held;
      return made;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // ...when the second, with a new time, arrives: it waits for the first, then updates its row.
    const second = expectVisit(db, C, { ...given, expected_at: new Date('2026-11-25T12:00:00Z') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.changed && b.changed).toBe(true);
    expect(b.id).toBe(a.id);
    expect((await stored(a.id)).expected_at).toEqual(new Date('2026-11-25T12:00:00Z'));
    expect((await changesAfter(before)).map((change) => change.action)).toEqual(['insert', 'update']);
  });

  it('joins the caller’s transaction: rolled back, nothing is stored or announced', async () => {
    const before = await currentVersion();
    const given = input();
    await expect(
      db.transaction().execute(async (trx) => {
        await expectVisit(trx, C, given);
        throw new Error('the feed refused the message');
      }),
    ).rejects.toThrow('the feed refused the message');
    expect(await findExpectedVisit(db, C, given.external_id)).toBeUndefined();
    expect(await changesAfter(before)).toEqual([]);
  });

  it('refuses blank names and unknown workflows with the catalogue’s errors', async () => {
    expect(await appErrorOf(expectVisit(db, C, input({ first_name: ' ' })))).toMatchObject({
      code: 'IS_REQUIRED',
      params: { field: 'first_name' },
    });
    expect(await appErrorOf(expectVisit(db, C, input({ external_id: '' })))).toMatchObject({
      code: 'IS_REQUIRED',
      params: { field: 'external_id' },
    });
    // Another customer's workflow is no workflow of this one.
    const [theirs] = await listWorkflows(db, OTHER);
    expect(await appErrorOf(expectVisit(db, C, input({ workflow_id: theirs?.id ?? 0 })))).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
    });
  });
});

describe('endExpectedVisit', () => {
  it('ends the row as arrived with the visit made, once; the external id may then be expected again', async () => {
    const given = input();
    const made = await expectVisit(db, C, given);
    const visit = await admitVisit(db, C, {
      first_name: 'Anna',
      last_name: 'Kowalski',
      workflow_id: surgeryId,
    });
    const before = await currentVersion();
    const now = new Date('2026-11-25T10:41:00Z');
    expect(await endExpectedVisit(db, C, given.external_id, 'arrived', { visitId: visit.id, now })).toBe(
      made.id,
    );
    expect(await stored(made.id)).toMatchObject({
      status: 'arrived',
      visit_id: visit.id,
      ended_at: now,
      updated_at: now,
    });
    const changes = await changesAfter(before);
    expect(changes).toMatchObject([{ entity: 'expected_visit', entity_id: made.id, action: 'update' }]);
    expect(changes[0]?.board_ids).toEqual(boardsOf(BoardType.Workflow, surgeryId));

    // Nothing is expected under it any more.
    expect(await endExpectedVisit(db, C, given.external_id, 'cancelled')).toBeUndefined();
    const again = await expectVisit(db, C, given);
    expect(again.id).not.toBe(made.id);
    expect(again.changed).toBe(true);
  });

  it.each(['cancelled', 'no_show', 'deleted'] as const)(
    'ends the row as %s, naming no visit',
    async (outcome) => {
      const given = input();
      const made = await expectVisit(db, C, given);
      expect(await endExpectedVisit(db, C, given.external_id, outcome)).toBe(made.id);
      expect(await stored(made.id)).toMatchObject({ status: outcome, visit_id: null });
      expect((await stored(made.id)).ended_at).toBeInstanceOf(Date);
    },
  );

  it('refuses a visit for any outcome but an arrival, and another customer’s visit', async () => {
    const given = input();
    await expectVisit(db, C, given);
    const visit = await admitVisit(db, C, { first_name: 'Bo', last_name: 'Li', workflow_id: surgeryId });
    expect(
      await appErrorOf(endExpectedVisit(db, C, given.external_id, 'cancelled', { visitId: visit.id })),
    ).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'visit_id' } });
    const [theirWorkflow] = await listWorkflows(db, OTHER);
    const theirs = await admitVisit(db, OTHER, {
      first_name: 'Cy',
      last_name: 'Ng',
      workflow_id: theirWorkflow?.id ?? 0,
    });
    expect(
      await appErrorOf(endExpectedVisit(db, C, given.external_id, 'arrived', { visitId: theirs.id })),
    ).toMatchObject({ code: 'NO_MASTER_ENTITY_FOUND' });
    expect((await findExpectedVisit(db, C, given.external_id))?.status).toBe('expected');
  });

  it('ends nothing of another customer’s, and undefined for an id never expected', async () => {
    const given = input();
    await expectVisit(db, C, given);
    expect(await endExpectedVisit(db, OTHER, given.external_id, 'cancelled')).toBeUndefined();
    expect(await findExpectedVisit(db, OTHER, given.external_id)).toBeUndefined();
    expect((await findExpectedVisit(db, C, given.external_id))?.status).toBe('expected');
    expect(await endExpectedVisit(db, C, 'NEVER-SEEN', 'cancelled')).toBeUndefined();
  });
});

describe('findExpectedVisit', () => {
  it('answers the row expected under the external id, else the one that ended last, else undefined', async () => {
    const given = input({ expected_at: new Date('2026-11-26T09:15:00Z') });
    const made = await expectVisit(db, C, given);
    expect(await findExpectedVisit(db, C, given.external_id)).toEqual({
      id: made.id,
      workflow_id: surgeryId,
      external_id: given.external_id,
      external_patient_id: given.external_patient_id,
      expected_at: new Date('2026-11-26T09:15:00Z'),
      status: 'expected',
    });
    await endExpectedVisit(db, C, given.external_id, 'no_show', { now: new Date('2026-11-26T12:00:00Z') });
    expect(await findExpectedVisit(db, C, given.external_id)).toMatchObject({
      id: made.id,
      status: 'no_show',
    });
    const again = await expectVisit(db, C, given);
    expect(await findExpectedVisit(db, C, given.external_id)).toMatchObject({
      id: again.id,
      status: 'expected',
    });
    expect(await findExpectedVisit(db, C, 'NEVER-SEEN')).toBeUndefined();
  });
});

describe('the expected_visits table', () => {
  it('holds at most one expected row per external id, and only an arrival names a visit', async () => {
    const given = input();
    const made = await expectVisit(db, C, given);
    const row = await stored(made.id);
    const copy = sql`INSERT INTO expected_visits (customer_id, workflow_id, external_id, first_name, last_name, display_name, source)
      VALUES (${C}, ${surgeryId}, ${given.external_id}, 'A', 'B', 'A B.', 'siu')`;
    await expect(copy.execute(db)).rejects.toThrow(/expected_visits_expected_key/);
    await expect(
      sql`UPDATE expected_visits SET ended_at = now() WHERE id = ${made.id}`.execute(db),
    ).rejects.toThrow(/expected_visits_ended/);
    await expect(
      sql`UPDATE expected_visits SET status = 'cancelled', ended_at = now(), visit_id = (SELECT min(id) FROM visits WHERE customer_id = ${C}) WHERE id = ${made.id}`.execute(
        db,
      ),
    ).rejects.toThrow(/expected_visits_arrived_visit/);
    await expect(
      sql`UPDATE expected_visits SET source = 'fax' WHERE id = ${made.id}`.execute(db),
    ).rejects.toThrow(/check constraint/);
    expect(await stored(made.id)).toEqual(row);
  });
});
