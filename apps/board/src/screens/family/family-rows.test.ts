import { describe, expect, it } from 'vitest';
import { buildLegend, orderVisitKeys } from './family-rows.ts';
import { PHASE_SHAPES, shapeAt } from './phase-shapes.ts';
import { testPhases, testVisit } from './test-family-rows.ts';

describe('the family legend', () => {
  it('lists phases by position with their colors and a different shape each', () => {
    const legend = buildLegend([...testPhases].reverse());
    expect(legend.entries.map((entry) => entry.name)).toEqual([
      'Check-in',
      'Pre-op',
      'In Surgery',
      'Recovery',
      'Ready for Discharge',
    ]);
    expect(legend.entries.map((entry) => entry.color)).toEqual([
      '#2F80ED',
      '#F2C94C',
      '#EB5757',
      '#27AE60',
      '#9B51E0',
    ]);
    expect(new Set(legend.entries.map((entry) => entry.shape)).size).toBe(5);
    expect(legend.byPhase.get(13)?.name).toBe('In Surgery');
  });

  it('gives eight phases eight shapes before repeating', () => {
    const shapes = Array.from({ length: 8 }, (_, rank) => shapeAt(rank));
    expect(new Set(shapes).size).toBe(Object.keys(PHASE_SHAPES).length);
    expect(shapeAt(8)).toBe(shapeAt(0));
  });

  it('orders phases of equal position (two workflows) by id', () => {
    const a = { key: 'phase:2', type: 'phase', phase_id: 2, name: 'B', position: 1, color: '#000' } as const;
    const b = { key: 'phase:1', type: 'phase', phase_id: 1, name: 'A', position: 1, color: '#111' } as const;
    expect(buildLegend([a, b]).entries.map((entry) => entry.phase_id)).toEqual([1, 2]);
  });
});

describe('the order of patients', () => {
  it('is by phase position, then longest in status first', () => {
    const now = Date.now();
    const rows = [
      ...testPhases,
      testVisit(1, 13, 5, {}, now),
      testVisit(2, 11, 2, {}, now),
      testVisit(3, 13, 40, {}, now),
      testVisit(4, 11, 9, {}, now),
      testVisit(5, 15, 1, {}, now),
    ];
    expect(orderVisitKeys(rows)).toEqual(['visit:4', 'visit:2', 'visit:3', 'visit:1', 'visit:5']);
  });

  it('puts a visit whose phase is not in the legend last, and breaks ties by key', () => {
    const now = Date.now();
    const rows = [
      ...testPhases,
      testVisit(9, 99, 50, {}, now),
      testVisit(8, 12, 3, {}, now),
      testVisit(7, 12, 3, {}, now),
    ];
    expect(orderVisitKeys(rows)).toEqual(['visit:7', 'visit:8', 'visit:9']);
  });
});
