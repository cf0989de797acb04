import { tz } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';

export interface LocalDay {
  /** The instant the site's calendar day began. */
  readonly start: Date;
  /** The instant the next one begins (23 or 25 hours later on DST change days). */
  readonly end: Date;
}

/** The calendar day containing `now` in the site's time zone, as instants. */
export function localDay(now: Date, timeZone: string): LocalDay {
  const inZone = tz(timeZone);
  const start = startOfDay(now, { in: inZone });
  const end = startOfDay(addDays(start, 1, { in: inZone }), { in: inZone });
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}
