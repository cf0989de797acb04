import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from './time-zone.ts';

describe('canonicalTimeZone (BOF-08)', () => {
  it('accepts IANA zone names and spells them as the runtime does', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('Europe/Oslo')).toBe('Europe/Oslo');
    expect(canonicalTimeZone('UTC')).toBeDefined();
  });

  it('refuses what is not a zone name', () => {
    for (const value of [
      'Mars/Olympus_Mons',
      '',
      ' ',
      '+05:00',
      'America/New York',
      '../etc',
      'x'.repeat(80),
    ]) {
      expect(canonicalTimeZone(value), value).toBeUndefined();
    }
  });
});
