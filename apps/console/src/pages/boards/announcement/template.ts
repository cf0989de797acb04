import { type AnnouncementPlaceholder, announcementPlaceholders } from '@careboard/contracts';

/** Where a placeholder went and where the caret goes next (just after it). */
export interface Insertion {
  readonly text: string;
  readonly caret: number;
}

/**
 * The template with `{placeholder}` put in place of the selection [start, end) (the caret
 * when both are equal; the end of the text when the field was never focused). A space is
 * added where the placeholder would otherwise run into a word, so a chip click never
 * makes `{station_name}please`.
 */
export function insertPlaceholder(
  template: string,
  placeholder: AnnouncementPlaceholder,
  start: number | null,
  end: number | null,
): Insertion {
  const from = clamp(start ?? template.length, template.length);
  const to = Math.max(from, clamp(end ?? from, template.length));
  const before = template.slice(0, from);
  const after = template.slice(to);
  const token = `{${placeholder}}`;
  const lead = before !== '' && /[\p{L}\p{N}}]$/u.test(before) ? ' ' : '';
  const trail = after !== '' && /^[\p{L}\p{N}{]/u.test(after) ? ' ' : '';
  const inserted = `${lead}${token}${trail}`;
  return { text: `${before}${inserted}${after}`, caret: before.length + lead.length + token.length };
}

function clamp(value: number, length: number): number {
  return Math.min(Math.max(0, value), length);
}

/** The values a test announcement fills in (date and time come from the clock). */
export type SampleValues = Readonly<Record<Exclude<AnnouncementPlaceholder, 'date' | 'time'>, string>>;

export interface FillContext {
  readonly now: Date;
  readonly locale: string;
  readonly timeZone: string;
}

const PLACEHOLDER = /\{([a-z_]+)\}/g;
const known = new Set<string>(announcementPlaceholders);

/**
 * The words a board would say for a call with these values, by the board's own rules
 * (the server's renderAnnouncement, decision API-11): known placeholders filled, an
 * unknown `{name}` left as written so the typo is heard here, spacing tidied, date and
 * time in the customer's locale and the site's time zone with plain spaces.
 */
export function fillTemplate(template: string, values: SampleValues, context: FillContext): string {
  const filled = template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!known.has(name)) return whole;
    if (name === 'date') return formatDate(context, { dateStyle: 'long' });
    if (name === 'time') return formatDate(context, { timeStyle: 'short' });
    return values[name as keyof SampleValues];
  });
  return filled
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/ ([,.!?;:])/g, '$1')
    .replace(/([,;:])(?=[,.!?;:])/g, '')
    .trim()
    .replace(/^[,;:] ?/, '');
}

function formatDate(context: FillContext, style: Intl.DateTimeFormatOptions): string {
  const options = { ...style, timeZone: context.timeZone };
  try {
    return new Intl.DateTimeFormat(context.locale, options).format(context.now);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(context.now);
  }
}

/** What the patient board says when its template is empty (the server's DEFAULT_ANNOUNCEMENT). */
export const DEFAULT_TEMPLATE = '{patient_first_name}, please proceed to {station_name}.';
