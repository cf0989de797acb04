import { describe, expect, it } from 'vitest';
import { MllpFrames } from './mllp-frames.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));
const VT = [0x0b];
const END = [0x1c, 0x0d];

describe('MLLP framing as the timers read it', () => {
  it('counts frames that end in one read, and one begun after them', () => {
    const frames = new MllpFrames();
    expect(frames.read(bytes(VT, 'MSH|1', END, 'junk', VT, 'MSH|2', END, VT, 'MSH'))).toBe(2);
    expect(frames.inFrame).toBe(true);
    expect(frames.sinceFrameEnd).toBe(4);
  });

  it('ends a frame whose FS and CR come in two reads', () => {
    const frames = new MllpFrames();
    expect(frames.read(bytes(VT, 'MSH|1', [0x1c]))).toBe(0);
    expect(frames.inFrame).toBe(true);
    expect(frames.read(bytes([0x0d]))).toBe(1);
    expect(frames.inFrame).toBe(false);
    expect(frames.sinceFrameEnd).toBe(0);
  });

  it('does not end a frame at an FS without its CR, nor begin one in bytes between frames', () => {
    const frames = new MllpFrames();
    expect(frames.read(bytes('garbage'))).toBe(0);
    expect(frames.inFrame).toBe(false);
    expect(frames.sinceFrameEnd).toBe(7);
    expect(frames.read(bytes(VT, 'a', [0x1c], 'b', [0x1c]))).toBe(0);
    expect(frames.read(bytes('c'))).toBe(0);
    expect(frames.inFrame).toBe(true);
    expect(frames.read(bytes(END))).toBe(1);
    expect(frames.inFrame).toBe(false);
  });
});
