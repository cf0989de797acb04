/** A source of numbers in [0, 1), like Math.random; seeded in tests for repeatable runs. */
export type Random = () => number;

/** mulberry32: a small, fast seeded generator, good enough for demo data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n). */
export function randomIndex(random: Random, n: number): number {
  return Math.min(n - 1, Math.floor(random() * n));
}

export function pick<T>(random: Random, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[randomIndex(random, items.length)];
}

/** A number in [low, high). */
export function between(random: Random, low: number, high: number): number {
  return low + random() * (high - low);
}
