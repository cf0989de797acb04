/** How long a message runs (decision CON-56): a few fixed spans, the end of today, or until deleted. */
export const expiryChoices = ['15m', '1h', '4h', 'endOfDay', 'never'] as const;
export type ExpiryChoice = (typeof expiryChoices)[number];

const MINUTE = 60_000;
const spans: Partial<Record<ExpiryChoice, number>> = {
  '15m': 15 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
};

/**
 * The message's `expires_at` (ISO, UTC) for a choice made at `now`; null for no expiry. The end of
 * today is the browser's local midnight: the desk and its boards are in the same building. Just
 * before midnight it is at least 15 minutes away, so a message never expires as it is posted.
 */
export function expiresAtFor(choice: ExpiryChoice, now: Date): string | null {
  if (choice === 'never') return null;
  const span = spans[choice];
  if (span !== undefined) return new Date(now.getTime() + span).toISOString();
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return new Date(Math.max(midnight.getTime(), now.getTime() + 15 * MINUTE)).toISOString();
}
