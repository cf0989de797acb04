/**
 * Whether PostgreSQL can store this string as `text`: no NUL (U+0000) and no UTF-16 surrogate
 * without its pair (it has no UTF-8 form). Written out rather than `String.prototype.isWellFormed`,
 * which older display browsers lack (decision FND-26).
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) return false;
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = value.charCodeAt(i + 1);
    // A high surrogate followed by a low one is one character; anything else is unpaired.
    if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/** The message of a refused string (the field is named by the error's path). */
export const NOT_STORABLE_TEXT = 'must not contain NUL characters or unpaired surrogates';
