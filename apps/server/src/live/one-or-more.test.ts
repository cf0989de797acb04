import { describe, expect, it } from 'vitest';
import { eachOf, type OneOrMore, withOne, withoutOne } from './one-or-more.ts';

describe('one value or several (LIVE-31)', () => {
  it('holds one value as itself and several in a set, in order', () => {
    const a = () => 'a';
    const b = () => 'b';
    const c = () => 'c';
    let held: OneOrMore<() => string> | undefined = withOne(undefined, a);
    expect(held).toBe(a);
    expect(withOne(held, a)).toBe(a);
    held = withOne(withOne(held, b), c);
    expect(held).toBeInstanceOf(Set);
    expect(eachOf(held)).toEqual([a, b, c]);
  });

  it('falls back to the one value left, then to none', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    let held: OneOrMore<{ id: number }> | undefined = withOne(withOne(undefined, a), b);
    held = withoutOne(held, a);
    expect(held).toBe(b);
    expect(withoutOne(held, a)).toBe(b);
    expect(withoutOne(held, b)).toBeUndefined();
    expect(eachOf(undefined)).toEqual([]);
  });

  it('copies for iteration, so a value may remove itself while called', () => {
    const seen: string[] = [];
    let held: OneOrMore<() => void> | undefined;
    const first = () => {
      seen.push('first');
      held = withoutOne(held, first);
    };
    const second = () => seen.push('second');
    held = withOne(withOne(undefined, first), second);
    for (const each of eachOf(held)) each();
    expect(seen).toEqual(['first', 'second']);
    expect(held).toBe(second);
  });
});
