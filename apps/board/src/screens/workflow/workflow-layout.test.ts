import { describe, expect, it } from 'vitest';
import { expectedRow, minutesBefore, phaseRow, visitRow } from './test-workflow-rows.ts';
import { deriveLayout, samePlaces, stabilizeLayout } from './workflow-layout.ts';

const now = Date.parse('2026-11-23T15:00:00Z');
const phases = [phaseRow(11, { position: 1 }), phaseRow(12, { position: 2 }), phaseRow(13, { position: 3 })];

describe('workflow layout', () => {
  it('orders patients by phase position, then longest waiting first', () => {
    const layout = deriveLayout(
      [
        visitRow(1, 12, minutesBefore(now, 5)),
        visitRow(2, 11, minutesBefore(now, 3)),
        visitRow(3, 12, minutesBefore(now, 40)),
        visitRow(4, 11, minutesBefore(now, 30)),
        visitRow(5, 13, minutesBefore(now, 1)),
        ...phases.slice().reverse(),
      ],
      [1],
    );
    expect(layout.visitKeys).toEqual(['visit:4', 'visit:2', 'visit:3', 'visit:1', 'visit:5']);
    expect(layout.phases.map((group) => [group.phaseKey, group.visitKeys])).toEqual([
      ['phase:11', ['visit:4', 'visit:2']],
      ['phase:12', ['visit:3', 'visit:1']],
      ['phase:13', ['visit:5']],
    ]);
  });

  it('puts a patient whose phase the board does not know last, and breaks ties by visit id', () => {
    const same = minutesBefore(now, 10);
    const layout = deriveLayout(
      [visitRow(9, 99, minutesBefore(now, 60)), visitRow(3, 11, same), visitRow(2, 11, same), ...phases],
      [1],
    );
    expect(layout.visitKeys).toEqual(['visit:2', 'visit:3', 'visit:9']);
  });

  it('groups phases by workflow in the board’s workflow order', () => {
    const layout = deriveLayout(
      [
        phaseRow(21, { workflow_id: 2, workflow_name: 'Clinic', position: 1 }),
        phaseRow(11, { position: 1 }),
        phaseRow(22, { workflow_id: 2, workflow_name: 'Clinic', position: 2 }),
        phaseRow(12, { position: 2 }),
        visitRow(1, 22, minutesBefore(now, 5), { workflow_id: 2 }),
      ],
      [2, 1],
    );
    expect(layout.workflows.map((w) => [w.name, w.phases.map((p) => p.phaseId)])).toEqual([
      ['Clinic', [21, 22]],
      ['Day Surgery', [11, 12]],
    ]);
    expect(layout.phases.map((p) => p.phaseId)).toEqual([21, 22, 11, 12]);
  });

  it('answers the previous layout when only fields the order ignores change', () => {
    const rows = [...phases, visitRow(1, 11, minutesBefore(now, 5)), visitRow(2, 12, minutesBefore(now, 9))];
    const before = deriveLayout(rows, [1]);
    const changed = [
      ...phases.map((phase) => ({ ...phase, avg_duration_sec: 1 })),
      visitRow(1, 11, minutesBefore(now, 5), {
        location_name: 'PACU',
        staff: [{ abbreviation: 'RN', display_name: 'X' }],
      }),
      visitRow(2, 12, minutesBefore(now, 9)),
    ];
    expect(stabilizeLayout(before, deriveLayout(changed, [1]))).toBe(before);
  });

  it('keeps the phases a move does not touch as they were', () => {
    const rows = [...phases, visitRow(1, 11, minutesBefore(now, 5)), visitRow(2, 13, minutesBefore(now, 9))];
    const before = deriveLayout(rows, [1]);
    const moved = [...phases, visitRow(1, 12, minutesBefore(now, 0)), visitRow(2, 13, minutesBefore(now, 9))];
    const after = stabilizeLayout(before, deriveLayout(moved, [1]));
    expect(after).not.toBe(before);
    expect(after.visitKeys).toEqual(['visit:1', 'visit:2']);
    expect(after.phases[0]).not.toBe(before.phases[0]);
    expect(after.phases[1]).not.toBe(before.phases[1]);
    expect(after.phases[2]).toBe(before.phases[2]);
  });

  it('tells a change that moves nobody from one that moves someone', () => {
    const one = visitRow(1, 11, minutesBefore(now, 5));
    const two = visitRow(2, 12, minutesBefore(now, 9));
    const rows = [...phases, one, two];
    const averages = phases.map((phase) => ({ ...phase, avg_duration_sec: 1 }));
    expect(samePlaces(rows, [...phases, { ...one, location_name: 'PACU' }, two])).toBe(true);
    expect(samePlaces(rows, [...averages, one, two])).toBe(true);

    const reentered = { ...one, phase_entered_at: minutesBefore(now, 1) };
    expect(samePlaces(rows, [...phases, { ...one, phase_id: 13 }, two])).toBe(false);
    expect(samePlaces(rows, [...phases, reentered, two])).toBe(false);
    expect(samePlaces(rows, [...phases, two])).toBe(false);
    expect(samePlaces(rows, [...phases, two, visitRow(3, 11, minutesBefore(now, 1))])).toBe(false);
  });

  it('keeps expected patients apart, soonest first and untimed last, in no phase (BRD-23)', () => {
    const layout = deriveLayout(
      [
        ...phases,
        phaseRow(21, { workflow_id: 2, workflow_name: 'Clinic', position: 1 }),
        visitRow(1, 11, minutesBefore(now, 5)),
        expectedRow(7, null),
        expectedRow(5, '2026-11-23T16:30:00.000Z'),
        expectedRow(6, '2026-11-23T15:30:00.000Z', { workflow_id: 2 }),
        expectedRow(4, '2026-11-23T16:30:00.000Z'),
      ],
      [1, 2],
    );
    expect(layout.visitKeys).toEqual(['visit:1']);
    expect(layout.phases.flatMap((group) => group.visitKeys)).toEqual(['visit:1']);
    expect(layout.expectedKeys).toEqual(['expected:6', 'expected:4', 'expected:5', 'expected:7']);
    expect(layout.workflows.map((w) => [w.name, w.expectedKeys])).toEqual([
      ['Day Surgery', ['expected:4', 'expected:5', 'expected:7']],
      ['Clinic', ['expected:6']],
    ]);
  });

  it('places an expected patient again only when their time or workflow changes', () => {
    const rows = [...phases, expectedRow(4, '2026-11-23T16:30:00.000Z')];
    const before = deriveLayout(rows, [1]);
    const renamed = [...phases, expectedRow(4, '2026-11-23T16:30:00.000Z', { display_name: 'Anne K.' })];
    expect(samePlaces(rows, renamed)).toBe(true);
    expect(stabilizeLayout(before, deriveLayout(renamed, [1]))).toBe(before);
    expect(samePlaces(rows, [...phases, expectedRow(4, '2026-11-23T17:00:00.000Z')])).toBe(false);
    expect(
      samePlaces(rows, [...phases, expectedRow(4, '2026-11-23T16:30:00.000Z', { workflow_id: 2 })]),
    ).toBe(false);
    const later = stabilizeLayout(before, deriveLayout([...rows, expectedRow(3, null)], [1]));
    expect(later).not.toBe(before);
    expect(later.expectedKeys).toEqual(['expected:4', 'expected:3']);
  });
});
