import { describe, expect, it } from 'vitest';
import { isOverdue } from './overdue.ts';

describe('isOverdue', () => {
  it('is overdue only once the time in phase passes the estimate', () => {
    expect(isOverdue(599, 600)).toBe(false);
    expect(isOverdue(600, 600)).toBe(false);
    expect(isOverdue(601, 600)).toBe(true);
  });

  it('is never overdue in a phase without an estimate', () => {
    expect(isOverdue(1_000_000, null)).toBe(false);
  });
});
