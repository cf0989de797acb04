import { describe, expect, it } from 'vitest';
import { expiresAtFor, expiryChoices } from './message-expiry.ts';

describe('a message’s expiry', () => {
  const now = new Date('2026-11-24T10:00:00.000Z');

  it('adds a fixed span to now, as an ISO date the server accepts', () => {
    expect(expiresAtFor('15m', now)).toBe('2026-11-24T10:15:00.000Z');
    expect(expiresAtFor('1h', now)).toBe('2026-11-24T11:00:00.000Z');
    expect(expiresAtFor('4h', now)).toBe('2026-11-24T14:00:00.000Z');
  });

  it('has none when it runs until deleted', () => {
    expect(expiresAtFor('never', now)).toBeNull();
  });

  it("ends today at the browser's next local midnight", () => {
    const end = new Date(expiresAtFor('endOfDay', now) ?? '');
    const midnight = new Date(now);
    midnight.setHours(24, 0, 0, 0);
    expect(end.getTime()).toBe(midnight.getTime());
    expect(end.getHours()).toBe(0);
  });

  it('is at least 15 minutes away just before midnight, so it never expires as it is posted', () => {
    const late = new Date(now);
    late.setHours(23, 58, 0, 0);
    expect(new Date(expiresAtFor('endOfDay', late) ?? '').getTime() - late.getTime()).toBe(15 * 60_000);
  });

  it('offers every choice in the future or none', () => {
    for (const choice of expiryChoices) {
      const at = expiresAtFor(choice, now);
      if (at !== null) expect(new Date(at).getTime()).toBeGreaterThan(now.getTime());
    }
  });
});
