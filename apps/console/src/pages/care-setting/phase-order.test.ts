import { describe, expect, it } from 'vitest';
import { minutesToSeconds, movedOrder, secondsToMinutes } from './phase-order.ts';

describe('movedOrder', () => {
  it('swaps a phase with the one above or below it', () => {
    expect(movedOrder([4, 5, 6], 1, -1)).toEqual([5, 4, 6]);
    expect(movedOrder([4, 5, 6], 1, 1)).toEqual([4, 6, 5]);
  });

  it('keeps the order when the move would leave the list', () => {
    expect(movedOrder([4, 5, 6], 0, -1)).toEqual([4, 5, 6]);
    expect(movedOrder([4, 5, 6], 2, 1)).toEqual([4, 5, 6]);
  });
});

describe('minutes and seconds', () => {
  it('turns typed minutes into seconds and back, blank meaning no estimate', () => {
    expect(minutesToSeconds(15)).toBe(900);
    expect(minutesToSeconds(null)).toBeNull();
    expect(secondsToMinutes(900)).toBe('15');
    expect(secondsToMinutes(20)).toBe('1');
    expect(secondsToMinutes(null)).toBe('');
  });
});
