import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { issueToAppError } from '../../services/parse-input.ts';
import { textSchema } from '../../services/schema-parts.ts';

/** The most sightings one batch may carry (decision FEED-27). */
export const MAX_SIGHTINGS = 5_000;

/**
 * The largest batch a webhook or MQTT message may be: 5,000 sightings of about 200 bytes each,
 * with room to spare (decision FEED-28). Above the API's 64 KiB, for the webhook route only.
 */
export const MAX_BATCH_BYTES = 2 * 1024 * 1024;

/** Below this battery percentage a tag's battery is low (decision FEED-26). */
export const LOW_BATTERY_PERCENT = 20;

/**
 * One sighting as a vendor sends it. Fields we do not know (signal strength, a vendor's own
 * ids) are ignored rather than refused, so a vendor adding one does not stop the feed
 * (decision FEED-27).
 */
export const sightingSchema = z.object({
  /** The vendor's id of this event; breaks a tie between sightings of a tag at the same time. */
  event_id: textSchema().min(1).max(200),
  /** The tag's label, as the back office knows it. */
  tag: textSchema().min(1).max(60),
  /** The sensor's identifier, as the back office knows it. */
  sensor: textSchema().min(1).max(100),
  /** ISO-8601 with a zone (Z or ±hh:mm): a time without one means nothing certain. */
  seen_at: z.iso.datetime({ offset: true }),
  battery_low: z.boolean().optional(),
  battery_percent: z.number().min(0).max(100).optional(),
});

/** The webhook's body and the MQTT payload alike. */
export const sightingBatchSchema = z.object({
  /** The vendor's id of the batch: a batch sent again under the same id is not applied twice. */
  batch_id: textSchema().min(1).max(200).optional(),
  sightings: z.array(sightingSchema).max(MAX_SIGHTINGS),
});

export type SightingBatch = z.output<typeof sightingBatchSchema>;
export type SightingInput = z.output<typeof sightingSchema>;

/** What the batch says of a tag's battery: low, fine, or nothing (the stored flag stays). */
export function batteryLowOf(sighting: SightingInput): boolean | null {
  if (sighting.battery_low !== undefined) {
    return sighting.battery_low || (sighting.battery_percent ?? 100) < LOW_BATTERY_PERCENT;
  }
  if (sighting.battery_percent !== undefined) return sighting.battery_percent < LOW_BATTERY_PERCENT;
  return null;
}

export type ParsedBatch = { ok: true; batch: SightingBatch } | { ok: false; error: AppError };

/** The raw text of a batch, parsed and checked; a mistake is the catalogue's error naming its field. */
export function parseSightingBatch(text: string): ParsedBatch {
  if (text.trim() === '') return { ok: false, error: new AppError('IS_REQUIRED', { field: 'body' }) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: issueToAppError(undefined, undefined) };
  }
  const result = sightingBatchSchema.safeParse(json);
  if (result.success) return { ok: true, batch: result.data };
  return { ok: false, error: issueToAppError(result.error.issues[0], json) };
}
