import { randomUUID } from 'node:crypto';
import { buildAdtAck } from './ack.ts';
import { DEFAULT_CHARSET, encodeHl7 } from './hl7-charset.ts';
import { type BatchSegment, batchField, splitFrame } from './hl7-frame.ts';
import type { MllpFrame } from './mllp-frames.ts';
import {
  type AdtPeer,
  type ReceivedAdt,
  type ReceiveOptions,
  receiveAdtBytes,
  receiveNotHl7,
  receiveOversize,
} from './receive-adt.ts';

export interface FrameOptions extends ReceiveOptions {
  /** The size a frame may have (HL7_MLLP_MAX_FRAME_BYTES, decision FEED-60). */
  readonly maxFrameBytes: number;
}

/**
 * The answers to one MLLP frame, each the payload of a frame of its own (decision FEED-61):
 * every message in it is received on its own, one after another, and answered on its own; one
 * AA never stands for two messages. A frame of several messages without a batch header gets one
 * ACK frame per message, in order. A batch (FHS/BHS … BTS/FTS) gets one frame holding a batch of
 * ACKs, one per message, under headers that answer the batch's (HL7's batch acknowledgment: our
 * FHS-11/BHS-11 a control id of our own, FHS-12/BHS-12 the sender's, BTS-1 and FTS-1 the counts).
 * Throws AdtNotStored when the database is down: the transport then answers nothing, so the
 * sender resends the frame (and what was stored of it is found again by its identity).
 */
export async function receiveFrame(
  db: Parameters<typeof receiveAdtBytes>[0],
  frame: MllpFrame,
  peer: AdtPeer,
  options: FrameOptions,
): Promise<Buffer[]> {
  if (frame.kind === 'oversize') {
    const received = await receiveOversize(
      db,
      { head: frame.head, size: frame.size, limit: options.maxFrameBytes },
      peer,
      options,
    );
    return [encodeAck(received)];
  }
  const split = splitFrame(frame.bytes);
  if (!split.ok) {
    const answer = await receiveNotHl7(db, split.reason, options);
    return [encodeHl7(buildAdtAck(undefined, answer).toString(), DEFAULT_CHARSET)];
  }
  const answers: Buffer[] = [];
  const batch: Buffer[] = [];
  let inBatch = 0;
  let batches = 0;
  for (const part of split.parts) {
    if (part.kind === 'message') {
      const received = await receiveAdtBytes(db, part.bytes, peer, options, split.refusal);
      if (split.batch) {
        batch.push(encodeAck(received));
        inBatch += 1;
      } else {
        answers.push(encodeAck(received));
      }
      continue;
    }
    const { segment } = part;
    if (segment.name === 'BHS') inBatch = 0;
    if (segment.name === 'BTS') batches += 1;
    batch.push(Buffer.from(answerSegment(segment, segment.name === 'BTS' ? inBatch : batches), 'latin1'));
  }
  return split.batch ? [joinSegments(batch)] : answers;
}

function encodeAck(received: ReceivedAdt): Buffer {
  return encodeHl7(buildAdtAck(received.message, received.answer).toString(), received.charset);
}

/** The segments of a batch answer, each ended by CR as HL7 ends segments. */
function joinSegments(parts: readonly Buffer[]): Buffer {
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [Buffer.from('\r'), part])));
}

const stamp = () => new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);

/**
 * Our answer to a batch segment: a header with sender and receiver swapped, our control id and
 * the sender's as its reference; a trailer with the count of what our batch holds.
 */
function answerSegment(segment: BatchSegment, count: number): string {
  const text = segment.bytes.toString('latin1');
  const separator = text.charAt(3) || '|';
  if (segment.name === 'BTS' || segment.name === 'FTS') return `${segment.name}${separator}${count}`;
  const encoding = batchField(segment, 2) || '^~\\&';
  const fields = [
    segment.name,
    encoding,
    batchField(segment, 5),
    batchField(segment, 6),
    batchField(segment, 3),
    batchField(segment, 4),
    stamp(),
    '',
    '',
    '',
    `CB${randomUUID().replaceAll('-', '').slice(0, 18)}`,
    batchField(segment, 11),
  ];
  return fields.join(separator);
}
