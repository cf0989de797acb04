import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER, seedDemo } from '../src/demo/seed.ts';
import { admitVisit } from '../src/services/admit-visit.ts';
import { callVisitToStation } from '../src/services/call-visit-to-station.ts';
import { completeVisit } from '../src/services/complete-visit.ts';
import { createDisplayBoard } from '../src/services/create-display-board.ts';
import { deleteDisplayBoard } from '../src/services/delete-display-board.ts';
import { moveAssetToLocation } from '../src/services/move-asset.ts';
import { moveVisitToPhase } from '../src/services/move-visit-to-phase.ts';
import { postMessage } from '../src/services/post-message.ts';
import { setParLevels } from '../src/services/set-par-levels.ts';
import { updateDisplayBoard } from '../src/services/update-display-board.ts';
import { listChangesSince } from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import * as assets from '../src/store/repositories/assets.ts';
import * as scope from '../src/store/repositories/board-scope.ts';
import * as calls from '../src/store/repositories/calls.ts';
import * as devices from '../src/store/repositories/devices.ts';
import * as boards from '../src/store/repositories/display-boards.ts';
import * as locations from '../src/store/repositories/locations.ts';
import * as messages from '../src/store/repositories/messages.ts';
import * as par from '../src/store/repositories/par-levels.ts';
import * as history from '../src/store/repositories/phase-history.ts';
import * as sites from '../src/store/repositories/sites.ts';
import * as staff from '../src/store/repositories/staff.ts';
import * as stations from '../src/store/repositories/stations.ts';
import * as tags from '../src/store/repositories/tags.ts';
import * as visits from '../src/store/repositories/visits.ts';
import * as workflows from '../src/store/repositories/workflows.ts';
import { appErrorOf, countChanges, openTestDomain, seedCustomer } from './domain-fixtures.ts';

const A = DEMO_CUSTOMER.id;
const B = 'beta';
let db: Db;

/** Everything of a customer that a read can return, to compare before and after. */
async function snapshot(customer: string) {
  return {
    sites: await sites.listSites(db, customer),
    departments: await sites.listDepartments(db, customer),
    workflows: await workflows.listWorkflows(db, customer),
    phases: await workflows.listPhases(db, customer),
    locations: await locations.listLocations(db, customer),
    stations: await stations.listStations(db, customer),
    tags: await tags.listTags(db, customer),
    badges: await tags.listBadges(db, customer),
    staffTypes: await staff.listStaffTypes(db, customer),
    staff: await staff.listStaff(db, customer),
    visits: await visits.listActiveVisits(db, customer),
    calls: await calls.listRecentCalls(db, customer, 1000),
    messages: await messages.listActiveMessages(db, customer, new Date()),
    assetTypes: await assets.listAssetTypes(db, customer),
    assets: await assets.listAssets(db, customer),
    counts: await assets.countAssets(db, customer),
    par: await par.listParLevels(db, customer),
    boards: await boards.listDisplayBoardConfigs(db, customer),
    devices: await devices.listDevices(db, customer),
    stays: await history.listPhaseStaysEndedSince(db, customer, new Date(0)),
    changes: await listChangesSince(db, customer, '0'),
  };
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;
let a: Snapshot;

const first = <T>(items: readonly T[]): T => {
  const item = items[0];
  if (item === undefined) throw new Error('the seed left a list empty');
  return item;
};

beforeAll(async () => {
  ({ db } = await openTestDomain());
  await seedDemo(db, pino({ level: 'silent' }));
  await seedCustomer(db, B);
  await devices.insertDevice(db, A, { name: 'Lobby screen', display_board_id: 1 });
  await devices.insertDevice(db, B, { name: 'Beta screen', display_board_id: null });
  // Both seeds draw the same family codes; this one only A has.
  const aWorkflow = first(await workflows.listWorkflows(db, A)).id;
  await admitVisit(db, A, {
    first_name: 'Ola',
    last_name: 'N',
    workflow_id: aWorkflow,
    family_code: 'ONLYA',
  });
  a = await snapshot(A);
});
afterAll(() => db.destroy());

describe('customer isolation', () => {
  it('gives B lists that hold none of A’s rows', async () => {
    const b = await snapshot(B);
    for (const key of Object.keys(a) as (keyof Snapshot)[]) {
      if (key === 'staffTypes' || key === 'counts' || key === 'stays' || key === 'changes') continue;
      const ids = new Set((b[key] as { id: number }[]).map((row) => row.id));
      expect(ids.size, key).toBeGreaterThan(0);
      for (const row of a[key] as { id: number }[]) expect(ids.has(row.id), `${key} ${row.id}`).toBe(false);
    }
    const aVisits = new Set(a.visits.map((v) => v.id));
    expect(b.stays.some((stay) => aVisits.has(stay.visit_id))).toBe(false);
    const aLocations = new Set(a.locations.map((l) => l.id));
    expect(b.counts.some((count) => aLocations.has(count.location_id))).toBe(false);
    expect(b.boards.map((board) => board.id).some((id) => id <= 4)).toBe(false);
  });

  it('finds none of A’s rows by id with B’s customer id', async () => {
    const finds: Promise<unknown>[] = [
      sites.findSite(db, B, first(a.sites).id),
      sites.findDepartment(db, B, first(a.departments).id),
      sites.findWorkflowTimeZone(db, B, first(a.workflows).id),
      workflows.findWorkflow(db, B, first(a.workflows).id),
      workflows.findPhase(db, B, first(a.phases).id),
      locations.findLocation(db, B, first(a.locations).id),
      stations.findStation(db, B, first(a.stations).id),
      tags.findTag(db, B, first(a.tags).id),
      tags.findBadge(db, B, first(a.badges).id),
      staff.findStaff(db, B, first(a.staff).id),
      visits.findVisit(db, B, first(a.visits).id),
      calls.findCall(db, B, first(a.calls).id),
      messages.findMessage(db, B, first(a.messages).id),
      assets.findAssetType(db, B, first(a.assetTypes).id),
      assets.findAsset(db, B, first(a.assets).id),
      boards.findDisplayBoardConfig(db, B, 1),
      devices.findDevice(db, B, first(a.devices).id),
    ];
    for (const found of await Promise.all(finds)) expect(found).toBeUndefined();
    expect(
      await workflows.findPhases(
        db,
        B,
        a.phases.map((p) => p.id),
      ),
    ).toEqual([]);
    expect(
      await scope.boardIdsShowingWorkflows(
        db,
        B,
        a.workflows.map((w) => w.id),
      ),
    ).not.toContain(1);
    expect(await history.listVisitPhaseStays(db, B, first(a.visits).id)).toEqual([]);
    expect(await visits.isFamilyCodeInUse(db, A, 'ONLYA')).toBe(true);
    expect(await visits.isFamilyCodeInUse(db, B, 'ONLYA')).toBe(false);
  });

  it('changes none of A’s rows through repository writes with B’s customer id', async () => {
    const visit = first(a.visits);
    expect(await visits.updateVisit(db, B, visit.id, { completed_at: new Date() })).toBe(false);
    await visits.setVisitStaff(db, B, visit.id, []);
    await history.closePhaseStay(db, B, visit.id, new Date());
    expect(await assets.updateAssetLocation(db, B, first(a.assets).id, null)).toBeUndefined();
    expect(await par.deleteParLevelsOfLocation(db, B, first(a.par).location_id)).toEqual([]);
    expect(await boards.updateDisplayBoard(db, B, 1, { name: 'taken over' })).toBe(false);
    await boards.setDisplayBoardLists(db, B, 1, { workflow_ids: [], location_ids: [] });
    expect(await boards.deleteDisplayBoard(db, B, 2)).toBe(false);
    expect(
      await tags.recordTagSeen(db, B, first(a.tags).id, { at: new Date(), battery_low: true }),
    ).toBeUndefined();
    expect(await staff.updateStaffType(db, B, 3, { name: 'Beta nurse' })).toMatchObject({
      id: 3,
      name: 'Beta nurse',
    });
    expect(
      await devices.recordDeviceSeen(db, B, first(a.devices).id, { at: new Date(), app_version: 'x' }),
    ).toBeUndefined();
    expect(await devices.revokeDevice(db, B, first(a.devices).id, new Date())).toBeUndefined();
    expect(await snapshot(A)).toEqual({
      ...a,
      messages: await messages.listActiveMessages(db, A, new Date()),
    });
  });

  it('answers ENTITY_NOT_FOUND or NO_MASTER_ENTITY_FOUND when B’s service calls name A’s ids', async () => {
    const b = await snapshot(B);
    const changesOfA = await countChanges(db, A);
    const bVisit = first(b.visits);
    const bWorkflow = first(b.workflows).id;
    // Thunks: each call runs (and fails) on its own, in turn.
    const notFound = [
      () => moveVisitToPhase(db, B, { visit_id: first(a.visits).id, phase_id: first(b.phases).id }),
      () => completeVisit(db, B, { visit_id: first(a.visits).id }),
      () => callVisitToStation(db, B, { visit_id: first(a.visits).id, station_id: first(b.stations).id }),
      () => moveAssetToLocation(db, B, { asset_id: first(a.assets).id, location_id: null }),
      () => setParLevels(db, B, { location_id: first(a.locations).id, levels: [] }),
      () => updateDisplayBoard(db, B, 1, { name: 'mine now' }),
      () => deleteDisplayBoard(db, B, 1),
    ];
    for (const call of notFound) expect((await appErrorOf(call())).code).toBe('ENTITY_NOT_FOUND');
    const noMaster: [() => Promise<unknown>, string][] = [
      [() => moveVisitToPhase(db, B, { visit_id: bVisit.id, phase_id: first(a.phases).id }), 'Phase'],
      [() => callVisitToStation(db, B, { visit_id: bVisit.id, station_id: first(a.stations).id }), 'Station'],
      [
        () => admitVisit(db, B, { first_name: 'Ida', last_name: 'M', workflow_id: first(a.workflows).id }),
        'Workflow',
      ],
      [
        () =>
          admitVisit(db, B, {
            first_name: 'Ida',
            last_name: 'M',
            workflow_id: bWorkflow,
            badge_id: a.badges.at(-1)?.id,
          }),
        'Badge',
      ],
      [
        () =>
          admitVisit(db, B, {
            first_name: 'Ida',
            last_name: 'M',
            workflow_id: bWorkflow,
            location_id: first(a.locations).id,
          }),
        'Location',
      ],
      [
        () =>
          admitVisit(db, B, {
            first_name: 'Ida',
            last_name: 'M',
            workflow_id: bWorkflow,
            staff_ids: [first(a.staff).id],
          }),
        'Staff',
      ],
      [
        () =>
          moveAssetToLocation(db, B, { asset_id: first(b.assets).id, location_id: first(a.locations).id }),
        'Location',
      ],
      [
        () =>
          setParLevels(db, B, {
            location_id: first(b.locations).id,
            levels: [{ asset_type_id: first(a.assetTypes).id, min: 0, max: 1 }],
          }),
        'Asset type',
      ],
      [
        () =>
          createDisplayBoard(db, B, {
            name: 'X',
            display_board_type_id: 1,
            department_id: first(a.departments).id,
          }),
        'Department',
      ],
      [
        () =>
          createDisplayBoard(db, B, {
            name: 'Y',
            display_board_type_id: 1,
            department_id: first(b.departments).id,
            workflow_ids: [first(a.workflows).id],
          }),
        'Workflow',
      ],
      [() => postMessage(db, B, { sender_type: 1, text: 'hi', display_board_id: 1 }), 'Display board'],
      [
        () => postMessage(db, B, { sender_type: 1, text: 'hi', workflow_id: first(a.workflows).id }),
        'Workflow',
      ],
    ];
    for (const [call, entity] of noMaster) {
      const error = await appErrorOf(call());
      expect([error.code, (error.params as { entity?: string }).entity]).toEqual([
        'NO_MASTER_ENTITY_FOUND',
        entity,
      ]);
    }
    expect(await countChanges(db, A)).toBe(changesOfA);
    expect(await snapshot(A)).toEqual({
      ...a,
      messages: await messages.listActiveMessages(db, A, new Date()),
    });
  });

  it('has the database itself refuse a row of B that points at A’s row', async () => {
    const refused = await stations
      .insertStations(db, B, [{ name: 'Sneaky', location_id: first(a.locations).id }])
      .catch((error: { code?: string }) => error.code);
    expect(refused).toBe('23503');
  });
});
