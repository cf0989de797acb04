import type { Phase, Visit } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';
import { admitSchema } from './admit-form.ts';
import { type BadgeTag, badgeLabelOf, minutesSince, stationsByLocation, visitsByPhase } from './desk-data.ts';

const phase = (id: number, position: number, name = `Phase ${id}`): Phase => ({
  id,
  workflow_id: 1,
  name,
  position,
  color: '#2F80ED',
  estimated_duration_sec: null,
  kind: 'waiting',
  supplementary_announcement: null,
});

const visit = (id: number, phaseId: number, enteredAt: string, overrides: Partial<Visit> = {}): Visit => ({
  id,
  display_name: `Patient ${id}`,
  family_code: `F${id}`,
  workflow_id: 1,
  phase_id: phaseId,
  phase_entered_at: enteredAt,
  location_id: null,
  station_id: null,
  badge_id: null,
  badge_label: null,
  tag_id: null,
  staff_ids: [],
  arrived_at: enteredAt,
  completed_at: null,
  ...overrides,
});

describe('the desk’s patients by phase', () => {
  it('lists phases in workflow order, empty ones too, longest in the phase first within each', () => {
    const groups = visitsByPhase(
      [phase(20, 1, 'Waiting'), phase(10, 0, 'Registration'), phase(30, 2, 'Exam')],
      [
        visit(1, 20, '2026-11-24T10:05:00.000Z'),
        visit(2, 10, '2026-11-24T10:00:00.000Z'),
        visit(3, 20, '2026-11-24T09:50:00.000Z'),
        visit(4, 99, '2026-11-24T09:00:00.000Z'),
      ],
    );
    expect(groups.map((group) => [group.phase.name, group.visits.map((v) => v.id)])).toEqual([
      ['Registration', [2]],
      ['Waiting', [3, 1]],
      ['Exam', []],
    ]);
  });

  it('counts whole minutes in a phase, never below zero', () => {
    const now = new Date('2026-11-24T10:10:59.000Z');
    expect(minutesSince('2026-11-24T10:00:00.000Z', now)).toBe(10);
    expect(minutesSince('2026-11-24T10:11:30.000Z', now)).toBe(0);
  });
});

describe('the call buttons’ stations', () => {
  it('groups stations under their locations by name, numbers in numeric order', () => {
    const groups = stationsByLocation(
      [
        { id: 1, name: 'Exam 10', location_id: 2 },
        { id: 2, name: 'Registration 1', location_id: 1 },
        { id: 3, name: 'Exam 2', location_id: 2 },
      ],
      [
        { id: 1, name: 'Registration Desk' },
        { id: 2, name: 'Exam Rooms' },
      ],
    );
    expect(groups.map((group) => [group.location?.name, group.stations.map((s) => s.name)])).toEqual([
      ['Exam Rooms', ['Exam 2', 'Exam 10']],
      ['Registration Desk', ['Registration 1']],
    ]);
  });
});

describe('a badge’s label', () => {
  const badges: BadgeTag[] = [{ id: 7, label: 'T-1007', badge_id: 70, in_use: true, battery_low: false }];

  it('is the label the badge select offers, else the visit’s own, else none', () => {
    expect(
      badgeLabelOf(visit(1, 1, '2026-11-24T10:00:00.000Z', { badge_id: 70, badge_label: 'B-107' }), badges),
    ).toBe('T-1007');
    expect(
      badgeLabelOf(visit(1, 1, '2026-11-24T10:00:00.000Z', { badge_id: 71, badge_label: 'B-108' }), badges),
    ).toBe('B-108');
    expect(badgeLabelOf(visit(1, 1, '2026-11-24T10:00:00.000Z'), badges)).toBeNull();
  });
});

describe('an admission', () => {
  it('takes trimmed names of 1 to 60 characters, a phase, and a badge or none', () => {
    expect(
      admitSchema.parse({ first_name: ' Zoe ', last_name: 'Quill', phase_id: 3, badge_id: null }),
    ).toEqual({
      first_name: 'Zoe',
      last_name: 'Quill',
      phase_id: 3,
      badge_id: null,
    });
    const issues = admitSchema.safeParse({
      first_name: '',
      last_name: 'x'.repeat(61),
      phase_id: 3,
      badge_id: 4,
    }).error?.issues;
    expect(issues?.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['first_name', 'desk.required'],
      ['last_name', 'desk.tooLong'],
    ]);
  });
});
