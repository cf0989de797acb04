import { Hl7Context } from '@medplum/core';
import { describe, expect, it } from 'vitest';
import { charsetOf, type Hl7Charset } from './hl7-charset.ts';
import { escapeHl7, unescapeHl7, withoutControlCharacters } from './hl7-text.ts';

const context = new Hl7Context();

function known(name: string): Hl7Charset {
  const found = charsetOf(name);
  if (!found) throw new Error(`charsetOf does not know ${name}`);
  return found;
}

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

  it('give back a surname with an escaped escape character', () => {
    expect(unescapeHl7('O\\E\\Brien', context)).toBe('O\\Brien');
  });

  it('take the escape character and the separators from the message', () => {
    const hashes = new Hl7Context('\r', '!', '^', '~', '#', '&');
    expect(unescapeHl7('O#E#Brien#F#Ward 3#.br#Bed 1', hashes)).toBe('O#Brien!Ward 3 Bed 1');
    expect(unescapeHl7('O\\E\\Brien', hashes)).toBe('O\\E\\Brien');
  });

  it('leave sequences they do not know as they are', () => {
    expect(unescapeHl7('x\\Q\\y\\.xy\\z\\Habc\\', context)).toBe('x\\Q\\y\\.xy\\z\\Habc\\');
    expect(unescapeHl7('Ward\\C28\\3 \\Mzz\\', context)).toBe('Ward\\C28\\3 \\Mzz\\');
    expect(unescapeHl7('Saint\\Xavier\\', context)).toBe('Saint\\Xavier\\');
  });

  it('leave an escape character that nothing closes as it is', () => {
    expect(unescapeHl7('Dr Who\\F', context)).toBe('Dr Who\\F');
    expect(unescapeHl7('Ward 3\\.br', context)).toBe('Ward 3\\.br');
    expect(unescapeHl7('A\\F\\B\\', context)).toBe('A|B\\');
  });

  it('let the escape character that seemed to close an unknown sequence open the next one', () => {
    expect(unescapeHl7('a\\b\\F\\c', context)).toBe('a\\b|c');
    expect(unescapeHl7('\\\\E\\\\', context)).toBe('\\\\\\');
  });

  it('strip control characters', () => {
    expect(withoutControlCharacters('a\u0000b\u001fc\u007f')).toBe('abc');
  });
});

describe('hexadecimal data (\\X…\\)', () => {
  it('decode the bytes as UTF-8 when no charset is given', () => {
    expect(unescapeHl7('M\\XC3BC\\ller^Hans', context)).toBe('Müller^Hans');
    expect(unescapeHl7('\\Xe5b1b1\\田', context)).toBe('山田');
  });

  it('decode the bytes in the message’s charset', () => {
    expect(unescapeHl7('M\\XFC\\ller', context, known('8859/1'))).toBe('Müller');
    expect(unescapeHl7('Micha\\XB3\\', context, known('8859/2'))).toBe('Michał');
  });

  it('turn line ends in them into a space', () => {
    expect(unescapeHl7('Ward 3\\X0D0A\\East wing', context)).toBe('Ward 3 East wing');
  });

  it('remove an odd number of digits, or bytes the charset refuses', () => {
    expect(unescapeHl7('Zo\\XEB1\\e', context, known('8859/1'))).toBe('Zoe');
    expect(unescapeHl7('Zo\\XFF\\e', context)).toBe('Zoe');
    expect(unescapeHl7('Ren\\XE9\\e', context, known('ASCII'))).toBe('Rene');
    expect(unescapeHl7('x\\X\\y', context)).toBe('xy');
  });
});

describe('highlighting, formatting and charset switches', () => {
  it('remove highlighting on and off', () => {
    expect(unescapeHl7('Allergy: \\H\\penicillin\\N\\', context)).toBe('Allergy: penicillin');
  });

  it('put one space where a line ends or the text skips right', () => {
    expect(unescapeHl7('Ward 3\\.br\\Bed 12', context)).toBe('Ward 3 Bed 12');
    expect(unescapeHl7('Ward 3\\.sp\\Bed 12\\.sp 2\\x\\.sp3\\y', context)).toBe('Ward 3 Bed 12 x y');
    expect(unescapeHl7('Ward 3\\.ce\\East', context)).toBe('Ward 3 East');
    expect(unescapeHl7('Bed\\.sk 4\\12', context)).toBe('Bed 12');
    expect(unescapeHl7('Ward 3\\.BR\\Bed 12', context)).toBe('Ward 3 Bed 12');
  });

  it('remove fill, no-wrap and indents', () => {
    expect(unescapeHl7('\\.in+4\\\\.ti-4\\1. Heart size normal', context)).toBe('1. Heart size normal');
    expect(unescapeHl7('\\.nf\\Bed 12\\.fi\\', context)).toBe('Bed 12');
    expect(unescapeHl7('\\.in 2\\Bed 12', context)).toBe('Bed 12');
  });

  it('remove charset switches and locally defined sequences', () => {
    expect(unescapeHl7('Yamada\\C2842\\^Taro', context)).toBe('Yamada^Taro');
    expect(unescapeHl7('A\\M2442\\B\\M242844\\C', context)).toBe('ABC');
    expect(unescapeHl7('Bed 12\\Zbay-north\\', context)).toBe('Bed 12');
  });
});
