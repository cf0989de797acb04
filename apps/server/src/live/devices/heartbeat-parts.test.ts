import { describe, expect, it } from 'vitest';
import { inParts } from './heartbeat-parts.ts';

describe('the heartbeat in parts (LIVE-37)', () => {
  it('splits the held devices into parts of at most the size, every device once, in order', () => {
    const held = new Map([
      ['a', [1, 2, 3]],
      ['b', [4, 5, 6, 7, 8]],
      ['c', [9]],
    ]);
    expect(inParts(held, 4).map((part) => Object.fromEntries(part))).toEqual([
      { a: [1, 2, 3], b: [4] },
      { b: [5, 6, 7, 8] },
      { c: [9] },
    ]);
    expect(inParts(held, 100).map((part) => Object.fromEntries(part))).toEqual([
      { a: [1, 2, 3], b: [4, 5, 6, 7, 8], c: [9] },
    ]);
    expect(inParts(new Map(), 4)).toEqual([]);
  });
});
