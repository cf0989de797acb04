/**
 * What the care-setting pages read besides the records in `@careboard/contracts` (FND-42): tags,
 * whose `last_seen_at` arrives as an ISO string.
 */
export interface Tag {
  readonly id: number;
  readonly kind: string;
  readonly label: string;
  readonly battery_low: boolean;
  readonly last_seen_at: string | null;
  readonly badge_id: number | null;
  readonly in_use: boolean;
}
