import type { TagKind } from '@careboard/contracts';

/** What the rule needs to know of a tag a visit is about to wear. */
export interface TagForVisit {
  readonly kind: TagKind;
  readonly battery_low: boolean;
  /** Null: the RTLS system has never reported it. */
  readonly last_seen_at: Date | null;
  /** Worn by another visit in progress, by a staff member, or fixed to an asset. */
  readonly in_use: boolean;
}

export type TagRefusal = 'in_use' | 'not_a_patient_badge' | 'non_reporting' | 'low_battery';

/**
 * Whether a tag may go to a patient now; the first reason it may not, else null.
 * The order is the order a front desk acts on (decision BOF-20): someone else has it
 * (take another), it is not a patient badge (wrong drawer), it has gone quiet (it may
 * be dead, and its battery flag is then stale), its battery is low. A tag never seen
 * is not non-reporting: a site without an RTLS feed yet (and the demo) must be able
 * to hand out badges; only a tag that reported and then fell silent for longer than
 * the customer's window is (decision BOF-19).
 */
export function tagRefusal(tag: TagForVisit, now: Date, nonReportingSec: number): TagRefusal | null {
  if (tag.in_use) return 'in_use';
  if (tag.kind !== 'patient_badge') return 'not_a_patient_badge';
  if (isNonReporting(tag.last_seen_at, now, nonReportingSec)) return 'non_reporting';
  if (tag.battery_low) return 'low_battery';
  return null;
}

/** Seen, but longer ago than the window (a report from "the future" of a skewed clock counts as seen). */
export function isNonReporting(lastSeenAt: Date | null, now: Date, nonReportingSec: number): boolean {
  if (lastSeenAt === null) return false;
  return now.getTime() - lastSeenAt.getTime() > nonReportingSec * 1000;
}
