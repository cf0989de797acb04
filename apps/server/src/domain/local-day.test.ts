import { describe, expect, it } from 'vitest';
import { localDay } from './local-day.ts';

describe('localDay', () => {
  it('is the site calendar day, not the UTC one', () => {
    const day = localDay(new Date('2025-06-11T03:30:00Z'), 'America/New_York'); // 23:30 on 10 June
    expect(day.start.toISOString()).toBe('2025-06-10T04:00:00.000Z');
    expect(day.end.toISOString()).toBe('2025-06-11T04:00:00.000Z');
  });

  it('is 23 hours long on the spring-forward day and 25 on the fall-back day', () => {
    const spring = localDay(new Date('2025-03-09T16:00:00Z'), 'America/New_York');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const fall = localDay(new Date('2025-11-02T16:00:00Z'), 'America/New_York');
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * 3_600_000);
  });

  it('answers each zone its own day, and the next day once the remembered one has ended', () => {
    const evening = localDay(new Date('2025-06-10T23:00:00Z'), 'America/New_York'); // 19:00 on 10 June
    expect(localDay(new Date('2025-06-10T23:00:00Z'), 'Europe/Berlin').start.toISOString()).toBe(
      '2025-06-10T22:00:00.000Z',
    );
    expect(localDay(new Date('2025-06-11T03:59:59Z'), 'America/New_York')).toEqual(evening);
    const next = localDay(new Date('2025-06-11T04:00:00Z'), 'America/New_York');
    expect(next.start.toISOString()).toBe('2025-06-11T04:00:00.000Z');
    expect(localDay(new Date('2025-06-10T12:00:00Z'), 'America/New_York').start.toISOString()).toBe(
      '2025-06-10T04:00:00.000Z',
    );
  });
});
