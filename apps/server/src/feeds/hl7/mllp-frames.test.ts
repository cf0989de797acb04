import { describe, expect, it } from 'vitest';
import { type MllpFrame, MllpFrames, OVERSIZE_HEAD_BYTES } from './mllp-frames.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));
const VT = [0x0b];
const END = [0x1c, 0x0d];
const texts = (frames: MllpFrame[]) =>
  frames.map((frame) => (frame.kind === 'frame' ? frame.bytes.toString('latin1') : `oversize ${frame.size}`));

describe('MLLP framing', () => {
  it('hands over the frames that end in one read, skipping bytes between them', () => {
    const frames = new MllpFrames(1024);
    expect(texts(frames.read(bytes(VT, 'MSH|1', END, 'junk', VT, 'MSH|2', END, VT, 'MSH')))).toEqual([
      'MSH|1',
      'MSH|2',
    ]);
    expect(frames.inFrame).toBe(true);
    expect(texts(frames.read(bytes('|3', END)))).toEqual(['MSH|3']);
  });

  it('ends a frame whose FS and CR come in two reads', () => {
    const frames = new MllpFrames(1024);
    expect(frames.read(bytes(VT, 'MSH|1', [0x1c]))).toEqual([]);
    expect(frames.inFrame).toBe(true);
    expect(texts(frames.read(bytes([0x0d])))).toEqual(['MSH|1']);
    expect(frames.inFrame).toBe(false);
  });

  it('keeps an FS without its CR as content, and counts bytes outside frames', () => {
    const frames = new MllpFrames(1024);
    expect(frames.read(bytes('garbage'))).toEqual([]);
    expect(frames.inFrame).toBe(false);
    expect(frames.outsideFrames).toBe(7);
    expect(frames.read(bytes(VT, 'a', [0x1c], 'b', [0x1c]))).toEqual([]);
    expect(frames.read(bytes('c'))).toEqual([]);
    expect(frames.inFrame).toBe(true);
    expect(texts(frames.read(bytes(END)))).toEqual(['a\u001cb\u001cc']);
    expect(frames.outsideFrames).toBe(0);
  });

  it('keeps the bytes as they came, whatever their character set', () => {
    const frames = new MllpFrames(1024);
    const latin1 = Buffer.from([0x5a, 0x6f, 0xeb]);
    const [frame] = frames.read(Buffer.concat([Buffer.from(VT), latin1, Buffer.from(END)]));
    expect(frame?.kind === 'frame' && frame.bytes.equals(latin1)).toBe(true);
  });

  it('reads a frame past the limit to its end and hands over only its head and its size', () => {
    const limit = OVERSIZE_HEAD_BYTES * 2;
    const frames = new MllpFrames(limit);
    const body = Buffer.alloc(limit + 5_000, 0x41);
    body.write('MSH|^~\\&|BIG', 0, 'latin1');
    // In reads of 10,000 bytes, as a socket hands them over.
    const ended: MllpFrame[] = [];
    const all = Buffer.concat([
      Buffer.from(VT),
      body,
      Buffer.from(END),
      Buffer.from(VT),
      Buffer.from('MSH|next'),
      Buffer.from(END),
    ]);
    for (let at = 0; at < all.length; at += 10_000) ended.push(...frames.read(all.subarray(at, at + 10_000)));
    const [big, next] = ended;
    expect(big?.kind).toBe('oversize');
    if (big?.kind !== 'oversize') return;
    expect(big.size).toBe(body.length);
    expect(big.head.length).toBe(OVERSIZE_HEAD_BYTES);
    expect(big.head.subarray(0, 12).toString('latin1')).toBe('MSH|^~\\&|BIG');
    expect(texts(next ? [next] : [])).toEqual(['MSH|next']);
  });

  it('hands over a frame of exactly the limit whole', () => {
    const frames = new MllpFrames(100);
    const [frame] = frames.read(bytes(VT, 'x'.repeat(100), END));
    expect(frame?.kind === 'frame' && frame.bytes.length).toBe(100);
  });
});
