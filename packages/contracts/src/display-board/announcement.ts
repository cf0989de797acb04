import { DEFAULT_LOCALE } from '../config/customer-config.ts';
import { type AnnouncementPlaceholder, announcementPlaceholders } from './board-types.ts';

/** The values a call fills in; `date` and `time` come from the clock. */
export type AnnouncementValues = Partial<
  Record<Exclude<AnnouncementPlaceholder, 'date' | 'time'>, string | null>
>;

export interface AnnouncementContext {
  readonly now: Date;
  /** The customer's locale, e.g. en-US. */
  readonly locale: string;
  /** The site's IANA time zone. */
  readonly timeZone: string;
}

/** What a patient board says when its template is empty (the server's rows and the console's test). */
export const DEFAULT_ANNOUNCEMENT = '{patient_first_name}, please proceed to {station_name}.';

const PLACEHOLDER = /\{([a-z_]+)\}/g;
const known = new Set<string>(announcementPlaceholders);

/**
 * The text spoken and captioned for a call. Known placeholders are replaced (an
 * empty value leaves nothing, and the spacing around it is tidied); an unknown
 * `{name}` is left as written, so a typo in a template shows on the board where
 * someone can see and fix it. Date and time are in the customer's locale and the
 * site's time zone, with plain spaces (ICU's narrow no-break spaces trip some
 * speech engines). Decision API-11. One function for the server's rows and the console's
 * Test announcement, so staff hear what the screen will say (CON-43).
 */
export function renderAnnouncement(
  template: string,
  values: AnnouncementValues,
  context: AnnouncementContext,
): string {
  const filled = template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!known.has(name)) return whole;
    if (name === 'date') return formatDate(context, { dateStyle: 'long' });
    if (name === 'time') return formatDate(context, { timeStyle: 'short' });
    return values[name as keyof AnnouncementValues] ?? '';
  });
  return filled
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/ ([,.!?;:])/g, '$1')
    .replace(/([,;:])(?=[,.!?;:])/g, '')
    .trim()
    .replace(/^[,;:] ?/, '');
}

function formatDate(context: AnnouncementContext, style: Intl.DateTimeFormatOptions): string {
  const options = { ...style, timeZone: context.timeZone };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(context.locale, options);
  } catch {
    // A malformed customer locale must not silence the announcement.
    format = new Intl.DateTimeFormat(DEFAULT_LOCALE, options);
  }
  return format.format(context.now);
}
