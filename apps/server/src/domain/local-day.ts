import { tz } from '@date-fns/tz';
// Per-function entry points: date-fns' index loads its ~250 modules, 3.5 s of start-up (FND-28).
import { addDays } from 'date-fns/addDays';
import { startOfDay } from 'date-fns/startOfDay';

export interface LocalDay {
  /** The instant the site's calendar day began. */
  readonly start: Date;
  /** The instant the next one begins (23 or 25 hours later on DST change days). */
  readonly end: Date;
}

/** The day last asked for, per time zone: boards rebuilt hundreds of times a second ask for the same one. */
const lastDays = new Map<string, LocalDay>();

/** The calendar day containing `now` in the site's time zone, as instants. */
export function localDay(now: Date, timeZone: string): LocalDay {
  const known = lastDays.get(timeZone);
  if (known && now >= known.start && now < known.end) return known;
  const inZone = tz(timeZone);
  const start = startOfDay(now, { in: inZone });
  const end = startOfDay(addDays(start, 1, { in: inZone }), { in: inZone });
  const day = Object.freeze({ start: new Date(start.getTime()), end: new Date(end.getTime()) });
  if (lastDays.size >= 100) lastDays.clear();
  lastDays.set(timeZone, day);
  return day;
}
