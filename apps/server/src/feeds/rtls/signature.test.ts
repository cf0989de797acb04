import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignature, parseSignatureHeader, REPLAY_WINDOW_SEC, signatureHeader } from './signature.ts';

const SECRET = 'a'.repeat(64);
const NOW_MS = 1_700_000_000_000;
const body = Buffer.from('{"sightings":[]}');

describe('the webhook signature', () => {
  it('is HMAC-SHA256 of "<t>.<body>" keyed with the secret as shown, in hex', () => {
    const header = signatureHeader(SECRET, body, NOW_MS);
    const expected = createHmac('sha256', SECRET).update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
  });

  it('is valid for the same body, secret and time', () => {
    expect(checkSignature(signatureHeader(SECRET, body, NOW_MS), body, SECRET, NOW_MS)).toBe('valid');
  });

  it('is checked over the raw bytes: one byte changed is a mismatch', () => {
    const header = signatureHeader(SECRET, body, NOW_MS);
    expect(checkSignature(header, Buffer.from('{"sightings":[] }'), SECRET, NOW_MS)).toBe('mismatch');
  });

  it('does not match another secret, nor no secret at all', () => {
    const header = signatureHeader(SECRET, body, NOW_MS);
    expect(checkSignature(header, body, 'b'.repeat(64), NOW_MS)).toBe('mismatch');
    expect(checkSignature(header, body, undefined, NOW_MS)).toBe('mismatch');
  });

  it('holds for five minutes either way, and not a second more', () => {
    const edge = NOW_MS - REPLAY_WINDOW_SEC * 1000;
    expect(checkSignature(signatureHeader(SECRET, body, edge), body, SECRET, NOW_MS)).toBe('valid');
    expect(checkSignature(signatureHeader(SECRET, body, edge - 1000), body, SECRET, NOW_MS)).toBe(
      'outside_window',
    );
    expect(checkSignature(signatureHeader(SECRET, body, NOW_MS + 301_000), body, SECRET, NOW_MS)).toBe(
      'outside_window',
    );
  });

  it('says missing for no header and malformed for one of another shape', () => {
    expect(checkSignature(undefined, body, SECRET, NOW_MS)).toBe('missing');
    expect(checkSignature('', body, SECRET, NOW_MS)).toBe('missing');
    for (const header of [
      'v1=abc',
      't=1,v1=zz',
      `t=x,v1=${'a'.repeat(64)}`,
      'garbage',
      `t=1,t=2,v1=${'a'.repeat(64)}`,
    ]) {
      expect(checkSignature(header, body, SECRET, NOW_MS)).toBe('malformed');
    }
  });

  it('accepts any one of several v1 values (a vendor rotating its secret), ignoring other schemes', () => {
    const good = signatureHeader(SECRET, body, NOW_MS).split(',')[1] ?? '';
    const header = `t=1700000000, v0=xyz, v1=${'0'.repeat(64)}, ${good}`;
    expect(parseSignatureHeader(header)?.v1).toHaveLength(2);
    expect(checkSignature(header, body, SECRET, NOW_MS)).toBe('valid');
  });
});
