import { Hl7Context } from '@medplum/core';
import { describe, expect, it } from 'vitest';
import { escapeHl7, unescapeHl7, withoutControlCharacters } from './hl7-text.ts';

const context = new Hl7Context();

describe('HL7 escapes', () => {
  it('round-trip every separator and the escape character', () => {
    const text = 'a|b^c~d\\e&f';
    const escaped = escapeHl7(text, context);
    expect(escaped).toBe('a\\F\\b\\S\\c\\R\\d\\E\\e\\T\\f');
    expect(unescapeHl7(escaped, context)).toBe(text);
  });

  it('turn line ends into spaces, so a reason never ends a segment', () => {
    expect(escapeHl7('one\rtwo\nthree', context)).toBe('one two three');
  });

  it('leave sequences they do not know as they are', () => {
    expect(unescapeHl7('x\\H\\y\\.br\\', context)).toBe('x\\H\\y\\.br\\');
  });

  it('strip control characters', () => {
    expect(withoutControlCharacters('a\u0000b\u001fc\u007f')).toBe('abc');
  });
});
