import { describe, expect, it } from 'vitest';
import { batteryLowOf, MAX_SIGHTINGS, parseSightingBatch } from './sighting-batch.ts';

const sighting = { event_id: 'e1', tag: 'B-101', sensor: 'RTLS-001', seen_at: '2025-01-01T10:00:00.123456Z' };

describe('a sighting batch', () => {
  it('parses the documented shape, an optional batch id, and ignores fields it does not know', () => {
    const parsed = parseSightingBatch(
      JSON.stringify({ batch_id: 'b1', sightings: [{ ...sighting, rssi: -60 }], vendor: 'x' }),
    );
    expect(parsed).toEqual({ ok: true, batch: { batch_id: 'b1', sightings: [sighting] } });
  });

  it('names the first field that is wrong', () => {
    const wrong = (body: unknown) => {
      const parsed = parseSightingBatch(typeof body === 'string' ? body : JSON.stringify(body));
      return parsed.ok ? undefined : { code: parsed.error.code, params: parsed.error.params };
    };
    expect(wrong('')).toEqual({ code: 'IS_REQUIRED', params: { field: 'body' } });
    expect(wrong('{not json')).toEqual({ code: 'IS_NOT_VALID', params: { field: 'body' } });
    expect(wrong({})).toEqual({ code: 'IS_REQUIRED', params: { field: 'sightings' } });
    expect(wrong({ sightings: [{ ...sighting, tag: undefined }] })).toEqual({
      code: 'IS_REQUIRED',
      params: { field: 'sightings.0.tag' },
    });
    // A time without a zone is refused: it could be any of 24 instants.
    expect(wrong({ sightings: [{ ...sighting, seen_at: '2025-01-01T10:00:00' }] })).toEqual({
      code: 'IS_NOT_VALID',
      params: { field: 'sightings.0.seen_at' },
    });
    expect(wrong({ sightings: [{ ...sighting, battery_percent: 101 }] })?.params).toEqual({
      field: 'sightings.0.battery_percent',
    });
    expect(wrong({ sightings: [{ ...sighting, tag: 'a\u0000b' }] })?.params).toEqual({
      field: 'sightings.0.tag',
    });
  });

  it(`takes up to ${MAX_SIGHTINGS} sightings`, () => {
    const many = (n: number) => JSON.stringify({ sightings: Array.from({ length: n }, () => sighting) });
    expect(parseSightingBatch(many(MAX_SIGHTINGS)).ok).toBe(true);
    expect(parseSightingBatch(many(MAX_SIGHTINGS + 1)).ok).toBe(false);
  });

  it('calls a battery low when the flag says so or the percentage is under 20, else keeps what is stored', () => {
    expect(batteryLowOf({ ...sighting, battery_low: true })).toBe(true);
    expect(batteryLowOf({ ...sighting, battery_low: false })).toBe(false);
    expect(batteryLowOf({ ...sighting, battery_percent: 19 })).toBe(true);
    expect(batteryLowOf({ ...sighting, battery_percent: 20 })).toBe(false);
    expect(batteryLowOf({ ...sighting, battery_low: false, battery_percent: 5 })).toBe(true);
    expect(batteryLowOf(sighting)).toBeNull();
  });
});
