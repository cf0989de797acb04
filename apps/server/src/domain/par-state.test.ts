import { describe, expect, it } from 'vitest';
import { parState } from './par-state.ts';

describe('parState', () => {
  it('is below with the number missing when the count is under min', () => {
    expect(parState(1, { min: 4, max: 8 })).toEqual({ status: 'below', missing: 3, excess: 0 });
  });

  it('is within at min, at max and between', () => {
    expect(parState(4, { min: 4, max: 8 }).status).toBe('within');
    expect(parState(6, { min: 4, max: 8 }).status).toBe('within');
    expect(parState(8, { min: 4, max: 8 })).toEqual({ status: 'within', missing: 0, excess: 0 });
  });

  it('is above with the excess when the count passes max', () => {
    expect(parState(11, { min: 4, max: 8 })).toEqual({ status: 'above', missing: 0, excess: 3 });
  });

  it('treats a zero PAR level as within only at zero', () => {
    expect(parState(0, { min: 0, max: 0 }).status).toBe('within');
    expect(parState(1, { min: 0, max: 0 })).toEqual({ status: 'above', missing: 0, excess: 1 });
  });
});
