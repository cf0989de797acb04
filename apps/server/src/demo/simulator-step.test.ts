import { describe, expect, it } from 'vitest';
import { plannedShare } from './simulator-step.ts';

describe('plannedShare', () => {
  it('is fixed per family code and phase, between 60 % and 135 % of the estimate', () => {
    expect(plannedShare('ABCDE', 2)).toBe(plannedShare('ABCDE', 2));
    const shares = Array.from({ length: 500 }, (_, i) => plannedShare(`C${i}`, i % 5));
    expect(Math.min(...shares)).toBeGreaterThanOrEqual(0.6);
    expect(Math.max(...shares)).toBeLessThan(1.35);
    // Some visits run over their estimate, most do not.
    const over = shares.filter((share) => share > 1).length;
    expect(over).toBeGreaterThan(100);
    expect(over).toBeLessThan(300);
  });
});
