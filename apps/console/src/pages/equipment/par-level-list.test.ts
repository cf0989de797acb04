import { describe, expect, it } from 'vitest';
import { withLevelChanged, withoutLevel } from './par-level-list.ts';

const levels = [
  { id: 7, location_id: 2, asset_type_id: 1, min: 2, max: 6 },
  { id: 8, location_id: 2, asset_type_id: 3, min: 0, max: 4 },
];

describe('PAR level lists', () => {
  it('changes one level and keeps the others as they are', () => {
    expect(withLevelChanged(levels, 8, { asset_type_id: 3, min: 1, max: 5 })).toEqual([
      { asset_type_id: 1, min: 2, max: 6 },
      { asset_type_id: 3, min: 1, max: 5 },
    ]);
  });

  it('removes one level and keeps the others', () => {
    expect(withoutLevel(levels, 7)).toEqual([{ asset_type_id: 3, min: 0, max: 4 }]);
  });
});
