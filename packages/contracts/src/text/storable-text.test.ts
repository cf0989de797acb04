import { describe, expect, it } from 'vitest';
import { isStorableText } from './storable-text.ts';

describe('isStorableText', () => {
  it.each([
    ['plain text', 'Lobby east'],
    ['an emoji (a surrogate pair)', 'Hello \u{1F44B}'],
    ['a pair at the very end', 'x\uD83D\uDC4B'],
    ['other control characters', 'a\tb\nc\u0001'],
    ['nothing', ''],
  ])('takes %s', (_name, value) => expect(isStorableText(value)).toBe(true));

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a high surrogate at the end', 'ab\uD800'],
    ['a lone low surrogate', 'a\uDC00b'],
    ['two high surrogates before a low one', '\uD800\uD800\uDC00'],
    ['a pair the wrong way round', '\uDC00\uD800'],
  ])('refuses %s', (_name, value) => {
    expect(isStorableText(value)).toBe(false);
    expect(isStorableText(value)).toBe(!value.includes('\0') && value.isWellFormed());
  });
});
