import { describe, expect, it } from 'vitest';
import { orderParKeys, summarizePar } from './par-order.ts';
import { parRowsPerPage } from './par-paging.ts';
import {
  demoLikeRows,
  IV_PUMP,
  PACU,
  parRow,
  SCANNER,
  STRETCHER,
  SUPPLY,
  WHEELCHAIR,
} from './test-par-rows.ts';

describe('the PAR board order', () => {
  it('puts shortages first, most missing first, then excess, most over first, then levels within', () => {
    expect(orderParKeys(demoLikeRows())).toEqual([
      'par:14:2', // East Hallway Wheelchair, 3 short
      'par:13:1', // Central Supply IV Pump, 2 short
      'par:13:6', // Central Supply Bladder Scanner, 1 short
      'par:12:1', // PACU IV Pump, +2 over
      'par:14:3', // East Hallway Stretcher, +1 over
      'par:13:3', // Central Supply Stretcher, within
      'par:12:3', // PACU Stretcher, within
    ]);
  });

  it('breaks ties by location, then asset type, so rows of a location stay together', () => {
    const rows = [
      parRow(PACU, STRETCHER, 0, 1, 2),
      parRow(SUPPLY, WHEELCHAIR, 0, 1, 2),
      parRow(SUPPLY, IV_PUMP, 0, 1, 2),
    ];
    expect(orderParKeys(rows)).toEqual(['par:13:1', 'par:13:2', 'par:12:3']);
  });

  it('ignores rows that are not PAR rows', () => {
    expect(orderParKeys([{ key: 'other' }, parRow(SUPPLY, SCANNER, 1, 1, 2)])).toEqual(['par:13:6']);
  });
});

describe('the PAR summary counts', () => {
  it('counts each location once for shortages and for excess, and levels within one by one', () => {
    expect(summarizePar(demoLikeRows())).toEqual({ locationsBelow: 2, locationsAbove: 2, levelsWithin: 2 });
  });

  it('counts nothing on an empty board', () => {
    expect(summarizePar([])).toEqual({ locationsBelow: 0, locationsAbove: 0, levelsWithin: 0 });
  });
});

describe('PAR board paging math', () => {
  it('fits as many whole rows as the area holds below its column header', () => {
    // 560 px area, 50 px rows: the header takes one row; 510 / 51 (a pixel of slack per row) = 10.
    expect(parRowsPerPage(560, 50, 15)).toBe(10);
  });

  it('keeps a pixel of slack per row so rounded heights never push the last row out', () => {
    expect(parRowsPerPage(550, 50, 15)).toBe(9);
  });

  it('shows at least one row on a tiny area', () => {
    expect(parRowsPerPage(60, 50, 15)).toBe(1);
  });

  it('puts every row on one page until the area has been measured', () => {
    expect(parRowsPerPage(0, 50, 15)).toBe(15);
    expect(parRowsPerPage(560, 0, 15)).toBe(15);
    expect(parRowsPerPage(0, 0, 0)).toBe(1);
  });
});
