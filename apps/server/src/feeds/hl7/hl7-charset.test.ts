import { HL7_CHARSET_NAMES } from '@careboard/contracts';
import { Hl7Message } from '@medplum/core';
import { describe, expect, it } from 'vitest';
import {
  charsetOf,
  DEFAULT_CHARSET,
  decodeHl7,
  encodeHl7,
  type Hl7Charset,
  SUPPORTED_CHARSET_NAMES,
} from './hl7-charset.ts';

/** A charset charsetOf must know: the tests below are about decoding, not about naming. */
function known(name: string): Hl7Charset {
  const found = charsetOf(name);
  if (!found) throw new Error(`charsetOf does not know ${name}`);
  return found;
}

/** ASCII text and raw bytes, as a sender puts them on the wire. */
function wire(...parts: (string | readonly number[])[]): Uint8Array {
  return Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );
}

const MSH = (msh18: string) =>
  `MSH|^~\\&|EHR|HOSP|CAREBOARD|demo|20261124101530||ADT^A04^ADT_A01|C-42|P|2.5.1|||AL|NE|DEU|${msh18}\r`;
const PID = 'PID|1||P-1||';

describe('charsetOf', () => {
  it('reads table 0211 names in any case, with spaces around or doubled inside', () => {
    expect(charsetOf(' unicode utf-8 ')).toBe(DEFAULT_CHARSET);
    expect(charsetOf('UNICODE  UTF-8')).toBe(DEFAULT_CHARSET);
    expect(charsetOf('8859/1')).toEqual({ name: '8859/1', encoding: 'iso-8859-1' });
    expect(charsetOf('8859/15')).toEqual({ name: '8859/15', encoding: 'iso-8859-15' });
    expect(charsetOf('iso ir14')).toEqual({ name: 'ISO IR14', encoding: 'iso646jp' });
    expect(charsetOf('gb 18030-2000')).toEqual({ name: 'GB 18030-2000', encoding: 'gb18030' });
    expect(charsetOf('ks x 1001')).toEqual({ name: 'KS X 1001', encoding: 'cp949' });
    expect(charsetOf('Big-5')).toEqual({ name: 'BIG-5', encoding: 'big5' });
    expect(charsetOf('iso ir6')).toEqual({ name: 'ISO IR6', encoding: 'ascii' });
  });

  it('take UTF-8, which is not in table 0211, for UNICODE UTF-8', () => {
    expect(charsetOf('utf-8')).toBe(DEFAULT_CHARSET);
    expect(DEFAULT_CHARSET).toEqual({ name: 'UNICODE UTF-8', encoding: 'utf-8' });
  });

  it('know every name it lists, each as itself, each decoding and encoding a plain MSH', () => {
    expect(SUPPORTED_CHARSET_NAMES).toContain('ASCII');
    expect(SUPPORTED_CHARSET_NAMES).toContain('8859/9');
    for (const name of SUPPORTED_CHARSET_NAMES) {
      const found = known(name);
      expect(found.name).toBe(name);
      expect(decodeHl7(encodeHl7('MSH|', found), found), name).toEqual({ ok: true, text: 'MSH|' });
    }
  });

  it('refuse what cannot be split on CR bytes, is ambiguous, or iconv-lite cannot decode', () => {
    for (const name of [
      'UNICODE',
      'UNICODE UTF-16',
      'UNICODE UTF-32',
      'ISO IR87',
      'ISO IR159',
      'CNS 11643-1992',
      '8859/12',
      'ISO-8859-1',
      'latin1',
      '8859/1~ISO IR87',
    ]) {
      expect(charsetOf(name), name).toBeUndefined();
    }
  });

  it('name nothing for an empty MSH-18, which the caller settles first', () => {
    expect(charsetOf('')).toBeUndefined();
    expect(charsetOf('   ')).toBeUndefined();
  });
});

describe('decodeHl7', () => {
  it('decode a Latin-1 surname', () => {
    const bytes = wire(MSH('8859/1'), PID, 'Zo', [0xeb], '^Anna\r');
    const decoded = decodeHl7(bytes, known('8859/1'));
    expect(decoded).toEqual({ ok: true, text: `${MSH('8859/1')}${PID}Zoë^Anna\r` });
  });

  it('decode 8859/2, where 0xB3 is ł', () => {
    const decoded = decodeHl7(wire(PID, 'Micha', [0xb3], '^Kowalski'), known('8859/2'));
    expect(decoded).toEqual({ ok: true, text: `${PID}Michał^Kowalski` });
  });

  it('decode 8859/15, where 0xA4 is € and not 8859/1’s ¤', () => {
    const bytes = wire('NTE|1||deposit 20', [0xa4]);
    expect(decodeHl7(bytes, known('8859/15'))).toEqual({ ok: true, text: 'NTE|1||deposit 20€' });
    expect(decodeHl7(bytes, known('8859/1'))).toEqual({ ok: true, text: 'NTE|1||deposit 20¤' });
  });

  it('decode UTF-8 kanji and drop a leading byte order mark', () => {
    const text = `${MSH('UNICODE UTF-8')}${PID}山田^太郎\r`;
    expect(decodeHl7(Buffer.from(text, 'utf8'), DEFAULT_CHARSET)).toEqual({ ok: true, text });
    const withBom = Buffer.concat([Buffer.of(0xef, 0xbb, 0xbf), Buffer.from(text, 'utf8')]);
    expect(decodeHl7(withBom, DEFAULT_CHARSET)).toEqual({ ok: true, text });
  });

  it('refuse invalid UTF-8 at the offset of the bad sequence, without the text', () => {
    const bytes = wire(PID, 'Jos', [0xc3, 0x28], '^Maria');
    const decoded = decodeHl7(bytes, DEFAULT_CHARSET);
    expect(decoded).toEqual({
      ok: false,
      reason: `the message is not valid UTF-8 at byte ${PID.length + 3} (0xc3)`,
    });
    expect(JSON.stringify(decoded)).not.toContain('Jos');
  });

  it('count a byte order mark in the offset, and take a U+FFFD the sender spelled as a character', () => {
    const spelled = Buffer.from('\uFFFD', 'utf8');
    const bytes = wire([0xef, 0xbb, 0xbf], PID, [...spelled], 'Zo', [0xeb]);
    expect(decodeHl7(bytes, DEFAULT_CHARSET)).toEqual({
      ok: false,
      reason: `the message is not valid UTF-8 at byte ${3 + PID.length + 3 + 2} (0xeb)`,
    });
    expect(decodeHl7(wire(PID, [...spelled]), DEFAULT_CHARSET)).toEqual({ ok: true, text: `${PID}\uFFFD` });
  });

  it('refuse a byte of 0x80 or more in ASCII', () => {
    const bytes = wire(MSH('ASCII'), PID, 'Ren', [0xe9]);
    expect(decodeHl7(bytes, known('ASCII'))).toEqual({
      ok: false,
      reason: `byte ${MSH('ASCII').length + PID.length + 3} (0xe9) is not a character of ASCII`,
    });
  });

  it('refuse a byte the 8859 part leaves undefined (8859/3’s 0xA5)', () => {
    expect(decodeHl7(wire(PID, 'x', [0xa5]), known('8859/3'))).toEqual({
      ok: false,
      reason: `byte ${PID.length + 1} (0xa5) is not a character of 8859/3`,
    });
  });

  it('refuse the C1 range, where a Windows code page mislabelled 8859/1 puts curly quotes', () => {
    expect(decodeHl7(wire(PID, 'O', [0x92], 'Brien'), known('8859/1'))).toEqual({
      ok: false,
      reason: `byte ${PID.length + 1} (0x92) is not a character of 8859/1`,
    });
  });

  it('refuse an ISO 2022 switch (ESC $ B) whatever the character set', () => {
    const bytes = wire(PID, [0x1b, 0x24, 0x42], ';3ED', [0x1b, 0x28, 0x42]);
    for (const charset of [known('ASCII'), DEFAULT_CHARSET, known('ISO IR14')]) {
      expect(decodeHl7(bytes, charset)).toEqual({
        ok: false,
        reason: `byte ${PID.length} (0x1b) starts an ISO 2022 character set switch, not supported`,
      });
    }
  });

  it('decode ISO IR14 so that Medplum still finds the fields behind its ‾ and ¥ separators', () => {
    const decoded = decodeHl7(wire(MSH('ISO IR14'), PID, 'Yamada^Taro~Yamada^T\r'), known('ISO IR14'));
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(decoded.text.slice(0, 8)).toBe('MSH|^‾¥&');
    const pid = Hl7Message.parse(decoded.text).getSegment('PID');
    expect(pid?.getComponent(5, 2)).toBe('Taro');
    expect(pid?.getField(5)?.toString()).toBe('Yamada^Taro‾Yamada^T');
  });

  it('decode GB 18030, KS X 1001 and Big5 names', () => {
    const names: [string, number[], string][] = [
      ['GB 18030-2000', [0xd5, 0xc5, 0x5e, 0xce, 0xb0], '张^伟'],
      ['KS X 1001', [0xb1, 0xe8, 0x5e, 0xb9, 0xce, 0xc1, 0xd8], '김^민준'],
      ['BIG-5', [0xb3, 0xaf, 0x5e, 0xa4, 0x6a, 0xa4, 0xe5], '陳^大文'],
    ];
    for (const [name, bytes, person] of names) {
      expect(decodeHl7(wire(PID, bytes), known(name)), name).toEqual({ ok: true, text: `${PID}${person}` });
    }
  });

  it('refuse a byte no multibyte character starts with, at its offset', () => {
    expect(decodeHl7(wire(PID, [0xb0, 0xa1, 0xff], 'x'), known('KS X 1001'))).toEqual({
      ok: false,
      reason: `byte ${PID.length + 2} (0xff) is not a character of KS X 1001`,
    });
    // A lead byte whose trail is a space: the lead is the bad byte.
    expect(decodeHl7(wire(PID, [0xa4, 0x20]), known('BIG-5'))).toEqual({
      ok: false,
      reason: `byte ${PID.length} (0xa4) is not a character of BIG-5`,
    });
  });

  it('refuse a multibyte character cut off by the end of the message', () => {
    expect(decodeHl7(wire(PID, 'A', [0x81]), known('GB 18030-2000'))).toEqual({
      ok: false,
      reason: `byte ${PID.length + 1} (0x81) is not a character of GB 18030-2000`,
    });
  });

  it('take the four bytes GB 18030 spells U+FFFD with as a character, and find a bad byte after them', () => {
    const gb = known('GB 18030-2000');
    const spelled = [0x84, 0x31, 0xa4, 0x37];
    expect(decodeHl7(wire(PID, spelled), gb)).toEqual({ ok: true, text: `${PID}\uFFFD` });
    expect(decodeHl7(wire(PID, spelled, 'x', [0xff]), gb)).toEqual({
      ok: false,
      reason: `byte ${PID.length + 5} (0xff) is not a character of GB 18030-2000`,
    });
  });

  it('find the offset past GB 18030’s lone 0x80, one byte that encodes back as two', () => {
    expect(decodeHl7(wire(PID, 'A', [0x80], 'B', [0xff]), known('GB 18030-2000'))).toEqual({
      ok: false,
      reason: `byte ${PID.length + 3} (0xff) is not a character of GB 18030-2000`,
    });
  });
});

describe('encodeHl7', () => {
  it('spell text in the message’s charset, so decoding it gives it back', () => {
    const latin = known('8859/1');
    expect([...encodeHl7('Zoë', latin)]).toEqual([0x5a, 0x6f, 0xeb]);
    expect(decodeHl7(encodeHl7('MSA|AA|C-42|Zoë', latin), latin)).toEqual({
      ok: true,
      text: 'MSA|AA|C-42|Zoë',
    });
    const kanji = 'MSA|AE|C-42|山田';
    expect(decodeHl7(encodeHl7(kanji, DEFAULT_CHARSET), DEFAULT_CHARSET)).toEqual({ ok: true, text: kanji });
  });

  it('write ? for a character the charset lacks', () => {
    expect(encodeHl7('Zoë', known('ASCII')).toString('latin1')).toBe('Zo?');
    expect(encodeHl7('20€', known('8859/1')).toString('latin1')).toBe('20?');
  });
});

describe('the names the contract offers a facility', () => {
  it('are exactly the table 0211 names the feed decodes', () => {
    expect([...SUPPORTED_CHARSET_NAMES].sort()).toEqual([...HL7_CHARSET_NAMES].sort());
  });
});
