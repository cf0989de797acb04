import { describe, expect, it } from 'vitest';
import { shallowEqualArrays } from './shallow-equal.ts';

describe('shallowEqualArrays', () => {
  it('tells equal orders from different ones', () => {
    expect(shallowEqualArrays(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(shallowEqualArrays(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(shallowEqualArrays(['a'], ['a', 'b'])).toBe(false);
  });

  it('compares items by identity, not by value', () => {
    const row = { key: 'a' };
    expect(shallowEqualArrays([row], [row])).toBe(true);
    expect(shallowEqualArrays([row], [{ key: 'a' }])).toBe(false);
  });

  it('takes an array as equal to itself, and two empty arrays as equal', () => {
    const keys = ['a'];
    expect(shallowEqualArrays(keys, keys)).toBe(true);
    expect(shallowEqualArrays([], [])).toBe(true);
  });
});
