/**
 * Time texts in the customer's locale and the site's time zone (never the
 * device's). Formatters are costly to build and used every tick: cached.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `dt|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** Hours and minutes, e.g. "10:32 AM" (en-US) or "10:32" (es-US 24 h). */
export function formatClockTime(at: number | Date, locale: string, timeZone: string): string {
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
}

/** The date beside the clock, e.g. "Monday, November 23". */
export function formatClockDate(at: number | Date, locale: string, timeZone: string): string {
  return dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(at);
}

/**
 * An elapsed or expected duration for people across a room: whole minutes
 * under an hour ("42 min"), then hours and minutes ("1 hr 05 min").
 */
export function formatDuration(seconds: number, locale: string): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  const minuteText = numberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  if (minutes < 60) return minuteText.format(minutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = numberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short' }).format(hours);
  const restText = numberFormat(locale, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'short',
    minimumIntegerDigits: 2,
  }).format(rest);
  return `${hourText} ${restText}`;
}

/** Whole seconds since an ISO instant, never negative (a device clock a little behind the server's). */
export function secondsSince(iso: string, now: number): number {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.floor((now - at) / 1000));
}
