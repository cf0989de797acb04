/** What GET /api/feeds/status answers (apps/server/src/api/feeds/feed-schemas.ts), as JSON. */
export type FeedTransport = 'webhook' | 'mqtt' | 'mllp' | 'demo';

export interface FeedHour {
  readonly hour: string;
  readonly received: number;
  readonly applied: number;
  readonly errors: number;
  readonly sightings: number;
}

export interface TransportStatus {
  readonly transport: FeedTransport;
  readonly last_message_at: string | null;
  readonly last_error_at: string | null;
  readonly hours: readonly FeedHour[];
}

export interface FeedMessageSummary {
  readonly id: string;
  readonly feed: 'rtls' | 'hl7';
  readonly transport: FeedTransport;
  readonly control_id: string | null;
  readonly message_type: string | null;
  readonly received_at: string;
  readonly status: string;
  readonly reason: string | null;
}

export interface FeedStatus {
  readonly transports: readonly TransportStatus[];
  readonly errors: readonly FeedMessageSummary[];
}

export interface SecretStatus {
  readonly exists: boolean;
  readonly created_at: string | null;
}

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
