import { describe, expect, it } from 'vitest';
import { placeBody, placeValue } from './feed-rule-place.ts';

describe('a feed rule’s place as one select value', () => {
  it('names a kind or a location', () => {
    expect(placeValue({ location_kind: 'exam_room', location_id: null })).toBe('kind:exam_room');
    expect(placeValue({ location_kind: null, location_id: 12 })).toBe('location:12');
  });

  it('turns back into the two fields, the other one null', () => {
    expect(placeBody('kind:exam_room')).toEqual({ location_kind: 'exam_room', location_id: null });
    expect(placeBody('location:12')).toEqual({ location_kind: null, location_id: 12 });
  });
});
