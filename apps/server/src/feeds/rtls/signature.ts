import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header an RTLS vendor signs a webhook body with: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'x-careboard-signature';

/** How far the signed time may be from ours, either way: the replay window (FEED-24, FEED-29). */
export const REPLAY_WINDOW_SEC = 300;

export type SignatureCheck = 'valid' | 'missing' | 'malformed' | 'outside_window' | 'mismatch';

interface ParsedSignature {
  readonly t: number;
  /** Every v1 the header carries (a vendor rotating its secret may send two). */
  readonly v1: readonly Buffer[];
}

/** `t=1700000000,v1=ab12…`: the time and the signatures, or undefined when it is not that shape. */
export function parseSignatureHeader(header: string): ParsedSignature | undefined {
  let t: number | undefined;
  const v1: Buffer[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) return undefined;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') {
      if (t !== undefined || !/^\d{1,12}$/.test(value)) return undefined;
      t = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) return undefined;
      v1.push(Buffer.from(value, 'hex'));
    }
    // Other schemes (v0, a future v2) are ignored, as Stripe-style receivers do.
  }
  if (t === undefined || v1.length === 0) return undefined;
  return { t, v1 };
}

/**
 * HMAC-SHA256 of `<t>.<body>` keyed with the secret as it was shown (its hex text, UTF-8),
 * over the body's raw bytes (decision FEED-24).
 */
export function signatureOf(secret: string, t: number, body: Buffer | string): Buffer {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest();
}

/** The header value for a body, as a vendor (or a test, or the demo) sends it. */
export function signatureHeader(secret: string, body: Buffer | string, nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body).toString('hex')}`;
}

/** A key no customer has: a missing secret costs the same HMAC as a wrong one. */
const NO_SECRET = randomBytes(32).toString('hex');

/**
 * Whether `header` proves `body` came from the holder of `secret` within the replay window.
 * With no secret (unknown customer, none made yet) the answer is 'mismatch' after the same
 * work, so neither the answer nor its time tells which customers exist. Constant-time compare.
 */
export function checkSignature(
  header: string | undefined,
  body: Buffer,
  secret: string | undefined,
  nowMs: number,
): SignatureCheck {
  if (header === undefined || header === '') return 'missing';
  const parsed = parseSignatureHeader(header);
  if (!parsed) return 'malformed';
  const expected = signatureOf(secret ?? NO_SECRET, parsed.t, body);
  let matches = false;
  for (const given of parsed.v1) matches = timingSafeEqual(given, expected) || matches;
  if (!matches || secret === undefined) return 'mismatch';
  if (Math.abs(nowMs / 1000 - parsed.t) > REPLAY_WINDOW_SEC) return 'outside_window';
  return 'valid';
}
