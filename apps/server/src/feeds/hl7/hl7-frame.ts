/**
 * What one MLLP frame holds, read from its bytes before any of them is decoded (decision
 * FEED-61): one message, several (each from its MSH), or a batch (FHS/BHS … BTS/FTS). HL7's
 * character sets that Careboard reads are all ASCII-compatible, so segment names, separators and
 * segment ends (CR, LF or CR LF) can be found in the bytes; each message is decoded later in the
 * character set its own MSH-18 names (FEED-59).
 */

const CR = 0x0d;
const LF = 0x0a;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** One segment as it came: where it starts and ends in the frame, and its name. */
interface RawSegment {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/** A header or trailer of a batch: its segment's bytes (read as Latin-1 they show its ASCII fields). */
export interface BatchSegment {
  readonly name: 'FHS' | 'BHS' | 'BTS' | 'FTS';
  readonly bytes: Buffer;
}

/** A frame's content in the order it came: batch segments and messages. */
export type FramePart =
  | { readonly kind: 'message'; readonly bytes: Buffer }
  | { readonly kind: 'batch'; readonly segment: BatchSegment };

export type SplitFrame =
  | {
      readonly ok: true;
      readonly batch: boolean;
      readonly parts: readonly FramePart[];
      /** Why every message of the batch is refused (its trailer counts otherwise); none: each is its own. */
      readonly refusal: string | undefined;
    }
  | { readonly ok: false; readonly reason: string };

/** The frame's segments, each from its first byte to the byte before its end (CR, LF, CR LF). */
function segmentsOf(frame: Buffer): RawSegment[] {
  const segments: RawSegment[] = [];
  let start = frame.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0;
  for (let at = start; at <= frame.length; at += 1) {
    if (at < frame.length && frame[at] !== CR && frame[at] !== LF) continue;
    if (at > start) {
      const name = frame.toString('latin1', start, Math.min(start + 3, at));
      segments.push({ name, start, end: at });
    }
    start = at + 1;
  }
  return segments;
}

const BATCH_SEGMENTS = new Set(['FHS', 'BHS', 'BTS', 'FTS']);

/**
 * Splits a frame into its messages and batch segments. A message is the bytes from its MSH to
 * its last segment, as received (segment ends inside it kept as they came). Refused, with a
 * reason that names the cause: a frame with no MSH, and one whose first segment is neither MSH
 * nor a batch header. A batch whose trailer counts other than what it holds (BTS-1, FTS-1) was
 * cut short or padded: each of its messages is refused with that reason, none applied. A batch
 * without trailers is taken as it is.
 */
export function splitFrame(frame: Buffer): SplitFrame {
  const segments = segmentsOf(frame);
  const first = segments[0];
  if (!first || !segments.some((segment) => segment.name === 'MSH')) {
    return { ok: false, reason: 'no MSH segment' };
  }
  if (first.name !== 'MSH' && first.name !== 'FHS' && first.name !== 'BHS') {
    return { ok: false, reason: 'the frame begins with neither MSH nor a batch header (FHS, BHS)' };
  }
  const parts: FramePart[] = [];
  let message: { start: number; end: number } | undefined;
  const flush = () => {
    if (message) parts.push({ kind: 'message', bytes: frame.subarray(message.start, message.end) });
    message = undefined;
  };
  for (const segment of segments) {
    if (segment.name === 'MSH') {
      flush();
      message = { start: segment.start, end: segment.end };
    } else if (BATCH_SEGMENTS.has(segment.name)) {
      flush();
      parts.push({
        kind: 'batch',
        segment: {
          name: segment.name as BatchSegment['name'],
          bytes: frame.subarray(segment.start, segment.end),
        },
      });
    } else if (message) {
      message.end = segment.end;
    }
  }
  flush();
  const batch = parts.some((part) => part.kind === 'batch');
  return { ok: true, batch, parts, refusal: batch ? countMismatch(parts) : undefined };
}

/** A field of a batch segment, read from its ASCII bytes (field 1 is the separator itself). */
export function batchField(segment: BatchSegment, field: number): string {
  const text = segment.bytes.toString('latin1');
  const fields = text.split(text.charAt(3) || '|');
  // FHS/BHS: FHS-1 is the separator, so FHS-n is fields[n - 1]; BTS/FTS: BTS-n is fields[n].
  const index = segment.name === 'FHS' || segment.name === 'BHS' ? field - 1 : field;
  return (fields[index] ?? '').trim();
}

/** BTS-1 (messages in the batch) and FTS-1 (batches in the file), when given, must match. */
function countMismatch(parts: readonly FramePart[]): string | undefined {
  let messages = 0;
  let batches = 0;
  for (const part of parts) {
    if (part.kind === 'message') {
      messages += 1;
      continue;
    }
    const { segment } = part;
    if (segment.name === 'BHS') messages = 0;
    if (segment.name === 'BTS') {
      batches += 1;
      const said = batchField(segment, 1);
      if (said !== '' && Number(said) !== messages) {
        return `BTS-1 says the batch holds ${said} messages but it holds ${messages}: nothing in it was applied`;
      }
    }
    if (segment.name === 'FTS') {
      const said = batchField(segment, 1);
      if (said !== '' && Number(said) !== batches) {
        return `FTS-1 says the file holds ${said} batches but it holds ${batches}: nothing in it was applied`;
      }
    }
  }
  return undefined;
}
