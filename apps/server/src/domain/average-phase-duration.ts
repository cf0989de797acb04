import { localDay } from './local-day.ts';

export interface PhaseStay {
  readonly entered_at: Date;
  /** Null while the visit is still in the phase. */
  readonly left_at: Date | null;
}

/**
 * Average whole seconds of the stays in one phase that ended today, "today" being
 * the site's local calendar day that contains `now`. Stays still under way are left
 * out: their length is not known yet. Null when no stay ended today (decision API-10).
 */
export function averagePhaseDurationTodaySec(
  stays: readonly PhaseStay[],
  now: Date,
  timeZone: string,
): number | null {
  const { start } = localDay(now, timeZone);
  let total = 0;
  let count = 0;
  for (const stay of stays) {
    if (stay.left_at === null) continue;
    const left = stay.left_at.getTime();
    if (left < start.getTime() || left > now.getTime()) continue;
    total += left - stay.entered_at.getTime();
    count += 1;
  }
  return count === 0 ? null : Math.round(total / count / 1000);
}
