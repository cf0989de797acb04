import { describe, expect, it } from 'vitest';
import { averagePhaseDurationTodaySec } from './average-phase-duration.ts';
import { localDay } from './local-day.ts';

const NY = 'America/New_York';
const stay = (entered: string, left: string | null) => ({
  entered_at: new Date(entered),
  left_at: left === null ? null : new Date(left),
});

describe('averagePhaseDurationTodaySec', () => {
  it('averages the stays that ended today in the site time zone, leaving out ongoing ones', () => {
    const now = new Date('2025-06-10T16:00:00Z'); // 12:00 in New York
    const stays = [
      stay('2025-06-10T13:00:00Z', '2025-06-10T13:10:00Z'), // 600 s
      stay('2025-06-10T14:00:00Z', '2025-06-10T14:20:00Z'), // 1200 s
      stay('2025-06-10T15:00:00Z', null),
      // ended 23:50 the previous evening in New York although it is the same UTC date
      stay('2025-06-10T03:00:00Z', '2025-06-10T03:50:00Z'),
    ];
    expect(averagePhaseDurationTodaySec(stays, now, NY)).toBe(900);
  });

  it('counts a stay that ended after UTC midnight but before local midnight as today', () => {
    const now = new Date('2025-06-11T03:30:00Z'); // 23:30 on 10 June in New York
    const stays = [stay('2025-06-11T02:00:00Z', '2025-06-11T02:30:00Z')];
    expect(averagePhaseDurationTodaySec(stays, now, NY)).toBe(1800);
    expect(averagePhaseDurationTodaySec(stays, now, 'UTC')).toBe(1800);
    expect(averagePhaseDurationTodaySec(stays, new Date('2025-06-11T04:30:00Z'), NY)).toBeNull();
  });

  it('is null when no stay ended today', () => {
    expect(averagePhaseDurationTodaySec([], new Date('2025-06-10T16:00:00Z'), NY)).toBeNull();
  });

  it('starts the day at local midnight across the spring-forward change (a 23-hour day)', () => {
    const day = localDay(new Date('2025-03-09T16:00:00Z'), NY);
    expect(day.start.toISOString()).toBe('2025-03-09T05:00:00.000Z'); // EST, UTC-5
    expect(day.end.toISOString()).toBe('2025-03-10T04:00:00.000Z'); // EDT, UTC-4
    const now = new Date('2025-03-09T16:00:00Z');
    const stays = [
      stay('2025-03-09T04:00:00Z', '2025-03-09T04:59:00Z'), // 23:59 on 8 March: yesterday
      stay('2025-03-09T05:00:00Z', '2025-03-09T07:30:00Z'), // across 02:00 → 03:00 local: 9000 s
    ];
    expect(averagePhaseDurationTodaySec(stays, now, NY)).toBe(9000);
  });

  it('keeps the fall-back day 25 hours long', () => {
    const day = localDay(new Date('2025-11-02T12:00:00Z'), NY);
    expect(day.start.toISOString()).toBe('2025-11-02T04:00:00.000Z');
    expect(day.end.toISOString()).toBe('2025-11-03T05:00:00.000Z');
    // 23:30 local on 2 November is 04:30 UTC on 3 November: still "today".
    const now = new Date('2025-11-03T04:45:00Z');
    const stays = [stay('2025-11-02T04:10:00Z', '2025-11-02T04:20:00Z')]; // 00:10–00:20 local
    expect(averagePhaseDurationTodaySec(stays, now, NY)).toBe(600);
  });
});
