import { describe, expect, it } from 'vitest';
import { base64Of, withSegmentEnds } from './dry-run-input.ts';

describe('a file’s bytes as base64', () => {
  it('keeps every byte value, those no UTF-8 text holds alone among them', () => {
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64Of(every)).toBe(Buffer.from(every).toString('base64'));
    expect(base64Of(new Uint8Array())).toBe('');
  });

  it('encodes a file larger than one chunk of the conversion', () => {
    const large = Uint8Array.from({ length: 200_001 }, (_, i) => (i * 31) % 256);
    expect(base64Of(large)).toBe(Buffer.from(large).toString('base64'));
  });
});

describe('pasted text’s segment ends', () => {
  it('ends every segment with CR, whether it came with CR, LF or CRLF', () => {
    expect(withSegmentEnds('MSH|a\r\nPID|b\nPV1|c\rOBX|d')).toBe('MSH|a\rPID|b\rPV1|c\rOBX|d');
    expect(withSegmentEnds('MSH|a\n\nMSH|b\r\n')).toBe('MSH|a\r\rMSH|b\r');
  });
});
