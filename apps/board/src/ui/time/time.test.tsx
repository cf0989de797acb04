import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Clock } from './Clock.tsx';
import { formatClockDate, formatClockTime, formatDuration, secondsSince } from './format-time.ts';

describe('time texts', () => {
  const at = Date.parse('2026-11-23T15:32:10Z');

  it("shows the clock in the site's time zone, not the device's", () => {
    expect(formatClockTime(at, 'en-US', 'America/New_York')).toBe('10:32 AM');
    expect(formatClockTime(at, 'en-US', 'Asia/Tokyo')).toBe('12:32 AM');
    expect(formatClockDate(at, 'en-US', 'Asia/Tokyo')).toBe('Tuesday, November 24');
  });

  it('follows the locale', () => {
    expect(formatClockTime(at, 'es-US', 'America/New_York')).toMatch(/10:32/);
    expect(formatDuration(5 * 60, 'es-US')).toMatch(/^5\s*min/);
  });

  it('writes durations in whole minutes, then hours and minutes', () => {
    expect(formatDuration(59, 'en-US')).toBe('0 min');
    expect(formatDuration(42 * 60 + 30, 'en-US')).toBe('42 min');
    expect(formatDuration(65 * 60, 'en-US')).toBe('1 hr 05 min');
  });

  it('never counts negative time (a device clock behind the server)', () => {
    expect(secondsSince('2026-11-23T15:32:10Z', at - 5_000)).toBe(0);
    expect(secondsSince('2026-11-23T15:30:10Z', at)).toBe(120);
    expect(secondsSince('not a date', at)).toBe(0);
  });
});

describe('clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-23T15:32:58Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('ticks to the next minute', () => {
    render(<Clock locale="en-US" timeZone="America/New_York" />);
    expect(screen.getByText('10:32 AM')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByText('10:33 AM')).toBeTruthy();
  });
});
