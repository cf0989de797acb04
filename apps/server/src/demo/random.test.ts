import { describe, expect, it } from 'vitest';
import { between, pick, randomIndex, seededRandom } from './random.ts';

describe('seededRandom', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const c = seededRandom(8);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
  });

  it('stays in [0, 1) and its helpers in their ranges', () => {
    const random = seededRandom(1);
    for (let i = 0; i < 1000; i++) {
      const value = random();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      expect(randomIndex(random, 3)).toBeLessThan(3);
      const x = between(random, 2, 4);
      expect(x >= 2 && x < 4).toBe(true);
    }
    expect(pick(random, [])).toBeUndefined();
    expect(randomIndex(() => 0.9999999999, 5)).toBe(4);
  });
});
