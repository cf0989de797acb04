import { formatClockTime } from '../../ui/time/format-time.ts';

/** Formatters are costly to build and asked for every tick: one per locale, zone and shape. */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formats.set(key, made);
  }
  return made;
}

/**
 * When an expected patient is due, in the site's time zone: "10:30 AM" today, "Sun 10:30 AM" for
 * one due on an earlier day and still not here (BRD-23), so a late patient never reads as due soon.
 */
export function expectedTimeText(at: number, now: number, locale: string, timeZone: string): string {
  const day = format('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  if (day.format(at) === day.format(now)) return formatClockTime(at, locale, timeZone);
  return format(locale, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone }).format(at);
}
