import type { Hl7Context } from '@medplum/core';

/**
 * HL7 v2 escape sequences (chapter 2.7) for the separators. @medplum/core splits fields and
 * components but leaves escapes as they came, so what we read is unescaped here, and the
 * reason an ACK carries is escaped, so a `|` in it never breaks the answer.
 */
export function unescapeHl7(text: string, context: Hl7Context): string {
  const e = context.escapeCharacter;
  if (!e || !text.includes(e)) return text;
  const replacements: Readonly<Record<string, string>> = {
    F: context.fieldSeparator,
    S: context.componentSeparator,
    T: context.subcomponentSeparator,
    R: context.repetitionSeparator,
    E: e,
  };
  const pattern = new RegExp(`${escapeRegExp(e)}([FSTRE])${escapeRegExp(e)}`, 'g');
  return text.replace(pattern, (_match, letter: string) => replacements[letter] ?? '');
}

export function escapeHl7(text: string, context: Hl7Context): string {
  const e = context.escapeCharacter;
  const replacements = new Map<string, string>([
    [e, 'E'],
    [context.fieldSeparator, 'F'],
    [context.componentSeparator, 'S'],
    [context.subcomponentSeparator, 'T'],
    [context.repetitionSeparator, 'R'],
  ]);
  let out = '';
  for (const char of text) {
    const letter = replacements.get(char);
    // A segment ends at CR or LF: neither may stand inside a field.
    if (char === '\r' || char === '\n') out += ' ';
    else out += letter ? `${e}${letter}${e}` : char;
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Text PostgreSQL can store and a log line can carry: NUL and other control characters go. */
export function withoutControlCharacters(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  return text.replace(/[\u0000-\u001f\u007f]/g, '');
}
