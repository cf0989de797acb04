import type { FeedHour, FeedMessageStatus, FeedMessageSummary } from '@careboard/contracts';

/**
 * How often the status, and the counts of the unmapped points of care, are read again. Feed
 * messages write no change-log row, and what they change (visits, tags) changes many times a
 * second under load, so the page polls instead of listening (decision FEED-46).
 */
export const STATUS_REFRESH_MS = 30_000;

/** The day's totals of a transport. */
export function totalsOf(hours: readonly FeedHour[]): Omit<FeedHour, 'hour'> {
  return hours.reduce(
    (sum, hour) => ({
      received: sum.received + hour.received,
      applied: sum.applied + hour.applied,
      errors: sum.errors + hour.errors,
      sightings: sum.sightings + hour.sightings,
    }),
    { received: 0, applied: 0, errors: 0, sightings: 0 },
  );
}

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day';

/** How long ago `at` was, in the largest whole unit (for Intl's relative time): -3 'minute'. */
export function relativeTo(at: string, now: number): { value: number; unit: RelativeUnit } {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  const size = Math.abs(seconds);
  if (size < 60) return { value: seconds, unit: 'second' };
  if (size < 3600) return { value: Math.round(seconds / 60), unit: 'minute' };
  if (size < 86_400) return { value: Math.round(seconds / 3600), unit: 'hour' };
  return { value: Math.round(seconds / 86_400), unit: 'day' };
}

/**
 * The RTLS webhook's address for a customer: the one place that spells the path and how the
 * customer is named (the RTLS feed's `?customer=`, decision FEED-23), from the API's base.
 */
export const WEBHOOK_PATH = 'feeds/rtls/sightings?customer={customer}';

export function webhookUrl(apiUrl: string, customerId: string, origin: string): string {
  const base = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  return new URL(WEBHOOK_PATH.replace('{customer}', encodeURIComponent(customerId)), new URL(base, origin))
    .href;
}

/** How the vendor signs a batch (the RTLS feed's webhook route). */
export const SIGNATURE_HEADER =
  'X-Careboard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">';

/** The outcomes a stored HL7 message may be read again from: nothing of it reached a board. */
const REPLAYABLE: ReadonlySet<FeedMessageStatus> = new Set(['ignored', 'error', 'rejected']);

/**
 * Whether "Read again" is offered: only the HL7 feed reads a stored message again (its route is
 * under feeds/hl7), and a message applied, or a duplicate of one, has nothing left to apply.
 */
export function isReplayable(message: Pick<FeedMessageSummary, 'feed' | 'status'>): boolean {
  return message.feed === 'hl7' && REPLAYABLE.has(message.status);
}
