import { describe, expect, it } from 'vitest';
import { formatBudgets } from './print-budgets.ts';

describe('formatBudgets', () => {
  it('marks each line ok, OVER or info, in KB gzip', () => {
    const { text, fits } = formatBudgets([
      { name: 'first load', bytes: 122_900, budget: 150_000 },
      { name: 'route patient', bytes: 51_000, budget: 50_000 },
      { name: 'heaviest page', bytes: 80_400, budget: null },
    ]);
    expect(text.split('\n')).toEqual([
      `ok   ${'first load'.padEnd(24)} 122.9 KB gzip of 150 KB`,
      `OVER ${'route patient'.padEnd(24)} 51.0 KB gzip of 50 KB`,
      `info ${'heaviest page'.padEnd(24)} 80.4 KB gzip (no budget)`,
      '',
    ]);
    expect(fits).toBe(false);
  });

  it('fits when every budgeted line is within its budget', () => {
    expect(formatBudgets([{ name: 'first load', bytes: 150_000, budget: 150_000 }]).fits).toBe(true);
  });
});
