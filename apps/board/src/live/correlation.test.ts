import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CORRELATION_CLEAR_AFTER_MS, createCorrelationRegistry } from './correlation.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('correlation records', () => {
  it('keeps a local action’s record until 5 s after its success', () => {
    const registry = createCorrelationRegistry(() => 'c-1');
    const id = registry.begin('callPatient');
    expect(registry.isLocal(id)).toBe(true);
    registry.succeeded(id);
    vi.advanceTimersByTime(CORRELATION_CLEAR_AFTER_MS - 1);
    expect(registry.isLocal(id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(registry.isLocal(id)).toBe(false);
    expect(CORRELATION_CLEAR_AFTER_MS).toBe(5_000);
  });

  it('keeps a pending record for as long as no answer came', () => {
    const registry = createCorrelationRegistry(() => 'c-2');
    const id = registry.begin('callPatient');
    vi.advanceTimersByTime(60_000);
    expect(registry.isLocal(id)).toBe(true);
  });

  it('forgets a failed action at once', () => {
    const registry = createCorrelationRegistry(() => 'c-3');
    const id = registry.begin('callPatient');
    registry.failed(id);
    expect(registry.isLocal(id)).toBe(false);
  });

  it('does not know ids it did not issue', () => {
    const registry = createCorrelationRegistry();
    expect(registry.isLocal('someone-else')).toBe(false);
  });
});
