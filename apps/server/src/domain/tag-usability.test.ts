import { describe, expect, it } from 'vitest';
import { isNonReporting, type TagForVisit, tagRefusal } from './tag-usability.ts';

const NOW = new Date('2030-01-15T15:00:00Z');
const ago = (sec: number) => new Date(NOW.getTime() - sec * 1000);
const good: TagForVisit = { kind: 'patient_badge', battery_low: false, last_seen_at: ago(30), in_use: false };

describe('tagRefusal', () => {
  it('accepts a free patient badge seen within the window', () => {
    expect(tagRefusal(good, NOW, 600)).toBeNull();
  });

  it('accepts a tag never seen (no RTLS feed yet)', () => {
    expect(tagRefusal({ ...good, last_seen_at: null }, NOW, 600)).toBeNull();
  });

  it('refuses a tag last seen longer ago than the window, and accepts one seen exactly at its edge', () => {
    expect(tagRefusal({ ...good, last_seen_at: ago(601) }, NOW, 600)).toBe('non_reporting');
    expect(tagRefusal({ ...good, last_seen_at: ago(600) }, NOW, 600)).toBeNull();
    expect(tagRefusal({ ...good, last_seen_at: ago(601) }, NOW, 3600)).toBeNull();
  });

  it('refuses a low battery', () => {
    expect(tagRefusal({ ...good, battery_low: true }, NOW, 600)).toBe('low_battery');
  });

  it('refuses staff badges and asset tags', () => {
    expect(tagRefusal({ ...good, kind: 'staff_badge' }, NOW, 600)).toBe('not_a_patient_badge');
    expect(tagRefusal({ ...good, kind: 'asset_tag' }, NOW, 600)).toBe('not_a_patient_badge');
  });

  it('names the first reason: in use, then kind, then non-reporting, then battery', () => {
    const worst: TagForVisit = {
      kind: 'asset_tag',
      battery_low: true,
      last_seen_at: ago(9999),
      in_use: true,
    };
    expect(tagRefusal(worst, NOW, 600)).toBe('in_use');
    expect(tagRefusal({ ...worst, in_use: false }, NOW, 600)).toBe('not_a_patient_badge');
    expect(tagRefusal({ ...worst, in_use: false, kind: 'patient_badge' }, NOW, 600)).toBe('non_reporting');
  });
});

describe('isNonReporting', () => {
  it('counts a report from the future as seen', () => {
    expect(isNonReporting(new Date(NOW.getTime() + 60_000), NOW, 600)).toBe(false);
  });
});
