import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { averagePhaseDurationTodaySec } from '../src/domain/average-phase-duration.ts';
import { admitVisit } from '../src/services/admit-visit.ts';
import { callVisitToStation } from '../src/services/call-visit-to-station.ts';
import { completeVisit } from '../src/services/complete-visit.ts';
import { moveVisitToPhase } from '../src/services/move-visit-to-phase.ts';
import { listChangesSince } from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { listDisplayBoardConfigs } from '../src/store/repositories/display-boards.ts';
import { listPhaseStaysEndedSince, listVisitPhaseStays } from '../src/store/repositories/phase-history.ts';
import { listStaff } from '../src/store/repositories/staff.ts';
import { listStations } from '../src/store/repositories/stations.ts';
import { listBadges, listTags } from '../src/store/repositories/tags.ts';
import { findVisit, listActiveVisits } from '../src/store/repositories/visits.ts';
import { listPhases, listWorkflows, type Phase } from '../src/store/repositories/workflows.ts';
import { appErrorOf, countChanges, openTestDomain, seedCustomer } from './domain-fixtures.ts';

const C = 'acme';
let db: Db;
let surgery: Phase[];
let clinic: Phase[];
let surgeryId: number;
let clinicId: number;

beforeAll(async () => {
  ({ db } = await openTestDomain());
  await seedCustomer(db, C);
  const [a, b] = await listWorkflows(db, C);
  if (!a || !b) throw new Error('seed');
  surgeryId = a.id;
  clinicId = b.id;
  surgery = await listPhases(db, C, a.id);
  clinic = await listPhases(db, C, b.id);
});
afterAll(() => db.destroy());

const phase = (phases: Phase[], index: number) => {
  const found = phases[index];
  if (!found) throw new Error(`no phase ${index}`);
  return found;
};

async function admit(overrides: Record<string, unknown> = {}) {
  return admitVisit(db, C, {
    first_name: 'Anna',
    last_name: 'Kowalski',
    workflow_id: clinicId,
    ...overrides,
  });
}

describe('admitVisit', () => {
  it('starts a visit in the first phase with a display name, a family code, a history row and a change', async () => {
    const before = await countChanges(db, C);
    const staff = (await listStaff(db, C)).slice(0, 2).map((s) => s.id);
    const now = new Date();
    const visit = await admitVisit(
      db,
      C,
      { first_name: ' Anna ', last_name: 'Kowalski', workflow_id: clinicId, staff_ids: staff },
      now,
    );
    expect(visit).toMatchObject({
      first_name: 'Anna',
      display_name: 'Anna K.',
      phase_id: phase(clinic, 0).id,
      completed_at: null,
      staff_ids: staff,
    });
    expect(visit.phase_entered_at.getTime()).toBe(now.getTime());
    expect(visit.family_code).toMatch(/^[A-Z0-9]{5}$/);
    expect(await listVisitPhaseStays(db, C, visit.id)).toEqual([
      { visit_id: visit.id, phase_id: phase(clinic, 0).id, entered_at: now, left_at: null },
    ]);
    expect(await countChanges(db, C)).toBe(before + 1);
    const [change] = (await listChangesSince(db, C, '0')).slice(-1);
    const calling = (await listDisplayBoardConfigs(db, C)).find((b) => b.workflow_ids.includes(clinicId));
    expect(change).toMatchObject({ entity: 'visit', entity_id: visit.id, action: 'insert' });
    expect(change?.board_ids).toContain(calling?.id);
  });

  it('refuses what is missing, too long, unknown or malformed with the catalogue codes', async () => {
    expect(
      await appErrorOf(admitVisit(db, C, { last_name: 'K', workflow_id: clinicId } as never)),
    ).toMatchObject({
      code: 'IS_REQUIRED',
      params: { field: 'first_name' },
    });
    expect(await appErrorOf(admit({ first_name: '   ' }))).toMatchObject({
      code: 'IS_REQUIRED',
      params: { field: 'first_name' },
    });
    expect(await appErrorOf(admit({ first_name: 'x'.repeat(61) }))).toMatchObject({
      code: 'MAX_LENGTH',
      params: { field: 'first_name', limit: 60 },
    });
    expect(await appErrorOf(admit({ workflow_id: 'seven' }))).toMatchObject({
      code: 'IS_NOT_VALID',
      params: { field: 'workflow_id' },
    });
    expect(await appErrorOf(admit({ ward: 3 }))).toMatchObject({
      code: 'IS_NOT_VALID',
      params: { field: 'ward' },
    });
    const missing = await appErrorOf(admit({ workflow_id: 999_999 }));
    expect(missing).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Workflow', field: 'workflow_id', value: '999999' },
    });
    expect(missing.message).toBe('Workflow with workflow_id "999999" not found.');
  });

  it('refuses a phase of another workflow (the composite foreign key)', async () => {
    const error = await appErrorOf(admit({ phase_id: phase(surgery, 1).id }));
    expect(error).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Phase', field: 'phase_id', value: String(phase(surgery, 1).id) },
    });
  });

  it('refuses a family code in use (DUPLICATE_KEY), a badge worn (TAG_IS_IN_USE) and a low battery', async () => {
    const first = await admit({ family_code: 'dup42' });
    expect(first.family_code).toBe('DUP42');
    const duplicate = await appErrorOf(admit({ family_code: 'DUP42' }));
    expect(duplicate).toMatchObject({
      code: 'DUPLICATE_KEY',
      params: { entity: 'Visit', field: 'family_code', value: 'DUP42' },
    });
    expect(duplicate.message).toBe('Visit with family_code "DUP42" already exists.');

    const worn = (await listActiveVisits(db, C)).find((v) => v.badge_id !== null);
    expect(await appErrorOf(admit({ badge_id: worn?.badge_id }))).toMatchObject({
      code: 'TAG_IS_IN_USE',
      params: { kind: 'Badge' },
    });

    const lowTag = (await listTags(db, C)).find((tag) => tag.battery_low);
    const lowBadge = (await listBadges(db, C)).find((badge) => badge.tag_id === lowTag?.id);
    expect(await appErrorOf(admit({ badge_id: lowBadge?.id }))).toMatchObject({
      code: 'TAG_HAS_LOW_BATTERY',
    });
    expect(await appErrorOf(admit({ badge_id: 999_999 }))).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Badge', field: 'badge_id' },
    });
  });
});

describe('moveVisitToPhase', () => {
  it('moves the visit, restarts its time in phase, closes its stay and records the change', async () => {
    const t0 = new Date('2030-01-01T15:00:00Z');
    const mover = await admitVisit(db, C, { first_name: 'Cleo', last_name: 'C', workflow_id: surgeryId }, t0);
    const t1 = new Date('2030-01-01T15:12:00Z');
    const before = await countChanges(db, C);
    const moved = await moveVisitToPhase(db, C, { visit_id: mover.id, phase_id: phase(surgery, 1).id }, t1);
    expect(moved).toMatchObject({ phase_id: phase(surgery, 1).id, phase_entered_at: t1, station_id: null });
    expect(await listVisitPhaseStays(db, C, mover.id)).toEqual([
      { visit_id: mover.id, phase_id: phase(surgery, 0).id, entered_at: t0, left_at: t1 },
      { visit_id: mover.id, phase_id: phase(surgery, 1).id, entered_at: t1, left_at: null },
    ]);
    expect(await countChanges(db, C)).toBe(before + 1);
    // The history feeds the average duration of the phase "today" in the site's zone.
    const stays = await listPhaseStaysEndedSince(db, C, t0, [phase(surgery, 0).id]);
    expect(averagePhaseDurationTodaySec(stays, t1, 'America/New_York')).toBe(720);
  });

  it('changes nothing when the visit is already in that phase, except a new location', async () => {
    const visit = await admit();
    const before = await countChanges(db, C);
    const same = await moveVisitToPhase(db, C, { visit_id: visit.id, phase_id: visit.phase_id });
    expect(same.phase_entered_at).toEqual(visit.phase_entered_at);
    expect(await countChanges(db, C)).toBe(before);
    const [station] = await listStations(db, C);
    const moved = await moveVisitToPhase(db, C, {
      visit_id: visit.id,
      phase_id: visit.phase_id,
      location_id: station?.location_id ?? null,
    });
    expect(moved).toMatchObject({
      location_id: station?.location_id,
      phase_entered_at: visit.phase_entered_at,
    });
    expect(await listVisitPhaseStays(db, C, visit.id)).toHaveLength(1);
    expect(await countChanges(db, C)).toBe(before + 1);
  });

  it('answers ENTITY_NOT_FOUND for an unknown visit and NO_MASTER_ENTITY_FOUND for a phase of another workflow', async () => {
    const unknown = await appErrorOf(
      moveVisitToPhase(db, C, { visit_id: 999_999, phase_id: phase(clinic, 1).id }),
    );
    expect(unknown).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entity: 'Visit', id: 999_999 } });
    expect(unknown.message).toBe('Visit with id 999999 was not found.');
    const visit = await admit();
    const before = await countChanges(db, C);
    expect(
      await appErrorOf(moveVisitToPhase(db, C, { visit_id: visit.id, phase_id: phase(surgery, 2).id })),
    ).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Phase', field: 'phase_id' },
    });
    expect((await findVisit(db, C, visit.id))?.phase_id).toBe(visit.phase_id);
    expect(await countChanges(db, C)).toBe(before);
  });
});

describe('callVisitToStation and completeVisit', () => {
  it('calls a patient to a station: a call, the visit at the station, two changes', async () => {
    const visit = await admit();
    const [station] = await listStations(db, C);
    if (!station) throw new Error('seed');
    const before = await countChanges(db, C);
    const call = await callVisitToStation(db, C, {
      visit_id: visit.id,
      station_id: station.id,
      called_by: 'nurse',
    });
    expect(call).toMatchObject({ visit_id: visit.id, station_id: station.id, called_by: 'nurse' });
    expect(await findVisit(db, C, visit.id)).toMatchObject({
      station_id: station.id,
      location_id: station.location_id,
    });
    const changes = (await listChangesSince(db, C, '0')).slice(before);
    expect(changes.map((c) => [c.entity, c.action])).toEqual([
      ['call', 'insert'],
      ['visit', 'update'],
    ]);
    expect(
      await appErrorOf(callVisitToStation(db, C, { visit_id: visit.id, station_id: 999_999 })),
    ).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Station', field: 'station_id', value: '999999' },
    });
  });

  it('completes a visit once: closed stay, then moves are refused and completing again changes nothing', async () => {
    const visit = await admit();
    const done = await completeVisit(db, C, { visit_id: visit.id });
    expect(done.completed_at).toBeInstanceOf(Date);
    expect((await listVisitPhaseStays(db, C, visit.id)).every((stay) => stay.left_at !== null)).toBe(true);
    const before = await countChanges(db, C);
    expect((await completeVisit(db, C, { visit_id: visit.id })).completed_at).toEqual(done.completed_at);
    expect(await countChanges(db, C)).toBe(before);
    expect(
      await appErrorOf(moveVisitToPhase(db, C, { visit_id: visit.id, phase_id: phase(clinic, 1).id })),
    ).toMatchObject({
      code: 'IS_NOT_VALID',
      params: { field: 'visit_id' },
    });
    expect(await appErrorOf(completeVisit(db, C, { visit_id: 999_999 }))).toMatchObject({
      code: 'ENTITY_NOT_FOUND',
    });
  });
});
