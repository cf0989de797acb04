import { describe, expect, it } from 'vitest';
import { pageCount, pageOf } from '../../board/paging/pages.ts';
import { familyPageSize } from './family-paging.ts';

describe('family board paging', () => {
  it('fits as many whole rows as the measured area holds, a pixel spare per row for rounding', () => {
    expect(familyPageSize(20, { rowsArea: 510, rowHeight: 50 })).toBe(10);
    expect(familyPageSize(20, { rowsArea: 560, rowHeight: 50 })).toBe(10);
    expect(familyPageSize(20, { rowsArea: 500, rowHeight: 50 })).toBe(9);
    expect(familyPageSize(20, { rowsArea: 30, rowHeight: 50 })).toBe(1);
  });

  it('keeps every row on one page until the layout is measured', () => {
    expect(familyPageSize(20, { rowsArea: 0, rowHeight: 50 })).toBe(20);
    expect(familyPageSize(20, { rowsArea: 500, rowHeight: 0 })).toBe(20);
    expect(familyPageSize(0, { rowsArea: 0, rowHeight: 0 })).toBe(1);
  });

  it('splits 20 patients into pages of the rows that fit', () => {
    const keys = Array.from({ length: 20 }, (_, i) => `visit:${i}`);
    const perPage = familyPageSize(keys.length, { rowsArea: 420, rowHeight: 59 });
    expect(perPage).toBe(7);
    expect(pageCount(keys.length, perPage)).toBe(3);
    expect(pageOf(keys, perPage, 2)).toEqual([
      'visit:14',
      'visit:15',
      'visit:16',
      'visit:17',
      'visit:18',
      'visit:19',
    ]);
  });
});
