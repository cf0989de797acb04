import { describe, expect, it } from 'vitest';
import { RECONNECT_LONG_WAIT_MS, RECONNECT_SHORT_ATTEMPTS, reconnectWaitMs } from './reconnect-wait.ts';

describe('reconnectWaitMs', () => {
  it('starts at 0.25–0.5 s and doubles to at most 5 s', () => {
    expect(reconnectWaitMs(0, () => 0)).toBe(250);
    expect(reconnectWaitMs(0, () => 1)).toBe(500);
    expect(reconnectWaitMs(1, () => 1)).toBe(1_000);
    expect(reconnectWaitMs(3, () => 1)).toBe(4_000);
    expect(reconnectWaitMs(4, () => 0)).toBe(2_500);
    expect(reconnectWaitMs(4, () => 1)).toBe(5_000);
    expect(reconnectWaitMs(RECONNECT_SHORT_ATTEMPTS - 1, () => 1)).toBe(5_000);
  });

  it('keeps the short waits for about the first minute, then waits 15–30 s', () => {
    let total = 0;
    for (let retries = 0; retries < RECONNECT_SHORT_ATTEMPTS; retries += 1)
      total += reconnectWaitMs(retries, () => 1);
    expect(total).toBeGreaterThanOrEqual(55_000);
    expect(total).toBeLessThanOrEqual(70_000);
    expect(reconnectWaitMs(RECONNECT_SHORT_ATTEMPTS, () => 0)).toBe(RECONNECT_LONG_WAIT_MS / 2);
    expect(reconnectWaitMs(1_000, () => 1)).toBe(RECONNECT_LONG_WAIT_MS);
  });

  it('spreads a fleet: waits drawn for the same attempt differ', () => {
    const waits = new Set(Array.from({ length: 50 }, () => reconnectWaitMs(2)));
    expect(waits.size).toBeGreaterThan(10);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(1_000);
      expect(wait).toBeLessThanOrEqual(2_000);
    }
  });
});
