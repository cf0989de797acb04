import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshClocks } from './refresh-clocks.ts';

describe('RefreshClocks', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ticks a customer's boards together, under one key a tick, at the customer's own moment", () => {
    // The first customer's clock starts a quarter into the period, the second's three quarters.
    const moments = [0.25, 0.75];
    const clocks = new RefreshClocks(1_000, () => moments.shift() ?? 0);
    const heard: string[] = [];
    clocks.join('a', (key) => heard.push(`a1 ${key}`));
    clocks.join('b', (key) => heard.push(`b ${key}`));
    clocks.join('a', (key) => heard.push(`a2 ${key}`));

    vi.advanceTimersByTime(250);
    expect(heard).toEqual(['a1 refresh:1', 'a2 refresh:1']);
    vi.advanceTimersByTime(500);
    expect(heard.slice(2)).toEqual(['b refresh:1']);
    vi.advanceTimersByTime(500);
    expect(heard.slice(3)).toEqual(['a1 refresh:2', 'a2 refresh:2']);
  });

  it("stops a customer's clock when its last board leaves, and only then", () => {
    const clocks = new RefreshClocks(1_000, () => 0.5);
    let ticks = 0;
    const leaveFirst = clocks.join('a', () => (ticks += 1));
    const leaveSecond = clocks.join('a', () => (ticks += 1));
    leaveFirst();
    vi.advanceTimersByTime(500);
    expect(ticks).toBe(1);
    expect(clocks.size).toBe(1);

    leaveSecond();
    expect(clocks.size).toBe(0);
    vi.advanceTimersByTime(5_000);
    expect(ticks).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
