import { describe, expect, it } from 'vitest';
import { timeInPhaseSec } from './time-in-phase.ts';

describe('timeInPhaseSec', () => {
  it('counts whole seconds since the visit entered its phase', () => {
    expect(timeInPhaseSec(new Date('2025-06-01T10:00:00Z'), new Date('2025-06-01T10:12:30.900Z'))).toBe(750);
  });

  it('is zero, not negative, when the clock is behind the entry time', () => {
    expect(timeInPhaseSec(new Date('2025-06-01T10:00:05Z'), new Date('2025-06-01T10:00:00Z'))).toBe(0);
  });
});
