import type { AnnouncementPlaceholder } from '@careboard/contracts';

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
