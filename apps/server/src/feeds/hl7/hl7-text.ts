import type { Hl7Context } from '@medplum/core';
import { DEFAULT_CHARSET, decodeHl7, type Hl7Charset } from './hl7-charset.ts';

/**
 * HL7 v2 escape sequences (v2.5 chapter 2.7), decoded for display on one line. @medplum/core
 * splits fields and components but leaves escapes as they came, so what we read is unescaped here.
 *
 * hapi-hl7v2 (hapi-base/src/main/java/ca/uhn/hl7v2/parser/DefaultEscaping.java) and nHapi
 * (src/NHapi.Base/Parser/Escape.cs) decode the separators and one or two line ends (\X000d\,
 * \X0A\) and keep every other sequence in the text for a program to render; a board shows the
 * text to people, so the rest is rendered here:
 * - `\Xhh…\` is bytes in the message's charset (`charset`, UTF-8 when not given). An odd number
 *   of digits, or bytes the charset refuses, is removed: a display cannot say which letter was
 *   meant, and a stray `\XEB1\` in a name helps nobody. A CR or LF in it is a space, as `.br` is.
 *   `\X` before anything but hex digits (`\Xavier\`) is no hex sequence, and stays.
 * - `\H\` and `\N\` (highlighting on and off) are removed.
 * - Formatting commands (FT): those that end a line or skip to the right (`.br`, `.sp [n]`, `.ce`,
 *   `.sk [n]`) become one space, and the caller trims; `.fi`, `.nf`, `.in ±n` and `.ti ±n` go
 *   (indents may only open a line). Any case: `\.BR\` can mean nothing else.
 * - `\Cxxyy\` and `\Mxxyy[zz]\` switch character sets mid-text, which one decoded string
 *   cannot follow, and `\Z…\` is locally defined: all removed.
 * An escape character that opens nothing of these, or is not closed, stays as it is, and the one
 * that seemed to close it may open the next sequence (no sequence holds another).
 */
export function unescapeHl7(
  text: string,
  context: Hl7Context,
  charset: Hl7Charset = DEFAULT_CHARSET,
): string {
  const e = context.escapeCharacter;
  if (!e || !text.includes(e)) return text;
  let out = '';
  let at = 0;
  for (let open = text.indexOf(e); open !== -1; open = text.indexOf(e, at)) {
    const close = text.indexOf(e, open + 1);
    if (close === -1) break;
    const replacement = sequence(text.slice(open + 1, close), context, charset);
    if (replacement === undefined) {
      out += text.slice(at, open + 1);
      at = open + 1;
    } else {
      out += text.slice(at, open) + replacement;
      at = close + 1;
    }
  }
  return out + text.slice(at);
}

const HEX = /^[0-9A-Fa-f]*$/;
const CHARSET_SWITCH = /^(?:C[0-9A-Fa-f]{4}|M[0-9A-Fa-f]{4}(?:[0-9A-Fa-f]{2})?)$/;
const LINE_OR_SKIP = /^\.(?:br|ce|sp(?: ?\+?\d+)?|sk(?: ?\+?\d+)?)$/i;
const LAYOUT_ONLY = /^\.(?:fi|nf|in(?: ?[+-]?\d+)?|ti(?: ?[+-]?\d+)?)$/i;

/** What the sequence between two escape characters stands for, or undefined when it is none. */
function sequence(body: string, context: Hl7Context, charset: Hl7Charset): string | undefined {
  switch (body) {
    case 'F':
      return context.fieldSeparator;
    case 'S':
      return context.componentSeparator;
    case 'T':
      return context.subcomponentSeparator;
    case 'R':
      return context.repetitionSeparator;
    case 'E':
      return context.escapeCharacter;
    case 'H':
    case 'N':
      return '';
  }
  if (body.startsWith('X') && HEX.test(body.slice(1))) return hexText(body.slice(1), charset);
  if (body.startsWith('Z') || CHARSET_SWITCH.test(body) || LAYOUT_ONLY.test(body)) return '';
  if (LINE_OR_SKIP.test(body)) return ' ';
  return undefined;
}

function hexText(digits: string, charset: Hl7Charset): string {
  if (digits.length % 2 !== 0) return '';
  const decoded = decodeHl7(Buffer.from(digits, 'hex'), charset);
  return decoded.ok ? decoded.text.replace(/[\r\n]+/g, ' ') : '';
}

/** The separators escaped: the reason an ACK carries then never breaks the answer with a `|`. */
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

/** Text PostgreSQL can store and a log line can carry: NUL and other control characters go. */
export function withoutControlCharacters(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  return text.replace(/[\u0000-\u001f\u007f]/g, '');
}
