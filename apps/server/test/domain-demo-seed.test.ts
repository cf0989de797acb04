import { displayBoardConfigSchema } from '@careboard/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER, seedDemo } from '../src/demo/seed.ts';
import { isOverdue } from '../src/domain/overdue.ts';
import { parState } from '../src/domain/par-state.ts';
import { timeInPhaseSec } from '../src/domain/time-in-phase.ts';
import { type Db, migrateToLatest, openDatabase } from '../src/store/database.ts';
import { countAssets, listAssetTypes } from '../src/store/repositories/assets.ts';
import { listDisplayBoardConfigs } from '../src/store/repositories/display-boards.ts';
import { listActiveMessages } from '../src/store/repositories/messages.ts';
import { listParLevels } from '../src/store/repositories/par-levels.ts';
import { listStaff, listStaffTypes } from '../src/store/repositories/staff.ts';
import { listActiveVisits } from '../src/store/repositories/visits.ts';
import { listPhases, listWorkflows } from '../src/store/repositories/workflows.ts';
import { createMigratedTestDatabase } from './test-database.ts';

const log = pino({ level: 'silent' });
const customer = DEMO_CUSTOMER.id;
let db: Db;

beforeAll(async () => {
  db = openDatabase(await createMigratedTestDatabase());
  await migrateToLatest(db);
  await seedDemo(db, log);
});
afterAll(() => db.destroy());

async function countRows(table: 'visits' | 'display_boards' | 'sites' | 'assets' | 'calls'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('customer_id', '=', customer)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('the demo seed', () => {
  it('gives the demo customer boards 1–4 of types 1–4 that parse as DisplayBoardConfig', async () => {
    const boards = await listDisplayBoardConfigs(db, customer);
    expect(boards.map((board) => [board.id, board.display_board_type_id])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    for (const board of boards) expect(displayBoardConfigSchema.parse(board)).toEqual(board);
    const [workflow, family, patient, assets] = boards;
    expect(workflow?.table_configuration?.columns.length).toBeGreaterThan(3);
    expect(workflow?.department.site.default_timezone).toBe('America/New_York');
    expect(family?.show_display_name).toBe(true);
    expect(patient).toMatchObject({
      play_tone: true,
      play_announcement: true,
      announcement_template: '{patient_first_name}, please proceed to {station_name}.',
    });
    expect(assets?.location_ids.length).toBeGreaterThan(1);
  });

  it('has about 40 visits in progress over every phase, some overdue', async () => {
    const visits = await listActiveVisits(db, customer);
    expect(visits.length).toBeGreaterThanOrEqual(35);
    expect(visits.length).toBeLessThanOrEqual(45);
    const phases = await listPhases(db, customer);
    expect(new Set(visits.map((visit) => visit.phase_id))).toEqual(new Set(phases.map((phase) => phase.id)));
    const estimate = new Map(phases.map((phase) => [phase.id, phase.estimated_duration_sec]));
    const now = new Date();
    const overdue = visits.filter((visit) =>
      isOverdue(timeInPhaseSec(visit.phase_entered_at, now), estimate.get(visit.phase_id) ?? null),
    );
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.length).toBeLessThan(visits.length);
    expect(visits.every((visit) => /^[A-Z][a-z]+ [A-Z]\.$/.test(visit.display_name))).toBe(true);
  });

  it('has two workflows of 4–6 phases, 20+ staff, six asset types and PAR levels short and in excess', async () => {
    const workflows = await listWorkflows(db, customer);
    expect(workflows).toHaveLength(2);
    for (const workflow of workflows) {
      const phases = await listPhases(db, customer, workflow.id);
      expect(phases.length).toBeGreaterThanOrEqual(4);
      expect(phases.length).toBeLessThanOrEqual(6);
    }
    expect((await listStaff(db, customer)).length).toBeGreaterThanOrEqual(20);
    expect(await listAssetTypes(db, customer)).toHaveLength(6);
    const counts = await countAssets(db, customer);
    const states = (await listParLevels(db, customer)).map((level) => {
      const count = counts.find(
        (c) => c.location_id === level.location_id && c.asset_type_id === level.asset_type_id,
      );
      return parState(count?.count ?? 0, level).status;
    });
    expect(states).toContain('below');
    expect(states).toContain('above');
    expect(states).toContain('within');
    expect((await listActiveMessages(db, customer, new Date())).length).toBe(2);
  });

  it('gives the customer the 50 staff types, with the specification names', async () => {
    const types = await listStaffTypes(db, customer);
    expect(types).toHaveLength(50);
    expect(types.slice(0, 8).map((type) => type.name)).toEqual([
      'Admin',
      'Provider',
      'Nurse',
      'Assistants',
      'Environmental Services',
      'Other',
      'Scheduler',
      'Registrar',
    ]);
    expect(types[49]).toMatchObject({ id: 50, name: 'Speech Language Pathologist' });
    const abbreviated = types.filter((type) => type.abbreviation !== null).map((type) => type.id);
    expect(abbreviated).toEqual([9, 11, 12, 13, 16, 18, 19, 20, 21, 24, 27, 33, 35, 36, 40, 41, 46, 49]);
  });

  it('gives each tag the kind of what wears it, and no last sighting (no RTLS feed: BOF-19)', async () => {
    const tags = await db
      .selectFrom('tags as t')
      .select([
        't.kind',
        't.last_seen_at',
        (eb) =>
          eb
            .case()
            .when(eb.exists(eb.selectFrom('assets as a').select('a.id').whereRef('a.tag_id', '=', 't.id')))
            .then('asset_tag')
            .when(
              eb.exists(
                eb
                  .selectFrom('staff as s')
                  .innerJoin('badges as b', 'b.id', 's.badge_id')
                  .select('s.id')
                  .whereRef('b.tag_id', '=', 't.id'),
              ),
            )
            .then('staff_badge')
            .else('patient_badge')
            .end()
            .as('worn_by'),
      ])
      .where('t.customer_id', '=', customer)
      .execute();
    expect(new Set(tags.map((tag) => tag.kind))).toEqual(
      new Set(['patient_badge', 'staff_badge', 'asset_tag']),
    );
    expect(tags.filter((tag) => tag.kind !== tag.worn_by)).toEqual([]);
    expect(tags.every((tag) => tag.last_seen_at === null)).toBe(true);
  });

  it('labels each badge as the tag inside it (BOF-16): the board and the console name it alike', async () => {
    const pairs = await db
      .selectFrom('badges as b')
      .innerJoin('tags as t', 't.id', 'b.tag_id')
      .select(['b.label as badge', 't.label as tag'])
      .where('b.customer_id', '=', customer)
      .execute();
    expect(pairs.length).toBeGreaterThan(20);
    expect(pairs.filter((pair) => pair.badge !== pair.tag)).toEqual([]);
  });

  it('is idempotent: a second start adds nothing', async () => {
    const before = await Promise.all(
      (['visits', 'display_boards', 'sites', 'assets', 'calls'] as const).map(countRows),
    );
    await seedDemo(db, log);
    await seedDemo(db, log);
    const after = await Promise.all(
      (['visits', 'display_boards', 'sites', 'assets', 'calls'] as const).map(countRows),
    );
    expect(after).toEqual(before);
    expect(before.every((count) => count > 0)).toBe(true);
  });
});
