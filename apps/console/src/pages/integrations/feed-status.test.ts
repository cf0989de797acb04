import { describe, expect, it } from 'vitest';
import { relativeTo, totalsOf, webhookUrl } from './feed-status.ts';

describe('the feeds’ status helpers', () => {
  it('adds up a day of hours', () => {
    const hour = { hour: '2026-01-01T00:00:00.000Z', received: 3, applied: 2, errors: 1, sightings: 40 };
    expect(totalsOf([hour, { ...hour, received: 1, applied: 1, errors: 0, sightings: 0 }])).toEqual({
      received: 4,
      applied: 3,
      errors: 1,
      sightings: 40,
    });
    expect(totalsOf([])).toEqual({ received: 0, applied: 0, errors: 0, sightings: 0 });
  });

  it('says how long ago in the largest whole unit', () => {
    const now = Date.parse('2026-01-02T12:00:00.000Z');
    expect(relativeTo('2026-01-02T11:59:30.000Z', now)).toEqual({ value: -30, unit: 'second' });
    expect(relativeTo('2026-01-02T11:57:00.000Z', now)).toEqual({ value: -3, unit: 'minute' });
    expect(relativeTo('2026-01-02T07:00:00.000Z', now)).toEqual({ value: -5, unit: 'hour' });
    expect(relativeTo('2025-12-30T12:00:00.000Z', now)).toEqual({ value: -3, unit: 'day' });
  });

  it('builds the webhook URL from the API base, absolute or relative, with the customer', () => {
    expect(webhookUrl('https://cb.example/api', 'demo', 'https://other.example')).toBe(
      'https://cb.example/api/feeds/rtls/sightings?customer=demo',
    );
    expect(webhookUrl('/api/', 'a b', 'http://localhost:3000')).toBe(
      'http://localhost:3000/api/feeds/rtls/sightings?customer=a%20b',
    );
  });
});
