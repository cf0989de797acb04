import { describe, expect, it } from 'vitest';
import { readBoardId } from './read-board-id.ts';

describe('board id', () => {
  it('reads a positive integer from the id query parameter', () => {
    expect(readBoardId('?id=12&auth_flow=1')).toBe(12);
  });

  it.each(['', '?auth_flow=1', '?id=', '?id=abc', '?id=0', '?id=-3', '?id=1.5'])(
    'is missing for %j',
    (search) => {
      expect(readBoardId(search)).toBeNull();
    },
  );
});
