const VT = 0x0b;
const FS = 0x1c;
const CR = 0x0d;

/** The bytes of a frame kept when it is larger than the limit: enough to read its MSH and answer it. */
export const OVERSIZE_HEAD_BYTES = 64 * 1024;

/**
 * What one MLLP frame (`0x0B` … `0x1C 0x0D`) held: its bytes as they came, or, past the size
 * limit, only its first bytes and how many there were (decision FEED-60).
 */
export type MllpFrame =
  | { readonly kind: 'frame'; readonly bytes: Buffer }
  | { readonly kind: 'oversize'; readonly head: Buffer; readonly size: number };

/**
 * MLLP framing over a connection's bytes: a frame begins at a start block and ends at the first
 * FS CR after it (an FS without its CR is content, a VT inside a frame too); bytes between frames
 * are skipped and counted. A frame is read to its end whatever its size, but only up to
 * `maxFrameBytes` is kept: a larger one comes out as `oversize` with its head, so the sender is
 * answered (AR naming the limit) and its connection stays usable (decision FEED-60). The
 * payload's bytes are never decoded here: which character set they are in is the message's to
 * say (MSH-18, decision FEED-59).
 */
export class MllpFrames {
  /** Whether a frame has begun and not ended. */
  inFrame = false;
  /** Bytes skipped outside any frame since the last frame ended. */
  outsideFrames = 0;
  private parts: Buffer[] = [];
  /** Bytes of the frame in hand, and how many of them are kept. */
  private size = 0;
  private kept = 0;
  /** The last byte read was an FS inside a frame: a CR first in the next read ends it. */
  private endPending = false;

  private readonly maxFrameBytes: number;

  constructor(maxFrameBytes: number) {
    this.maxFrameBytes = maxFrameBytes;
  }

  /** Reads one chunk; returns the frames that ended in it, in order. */
  read(chunk: Buffer): MllpFrame[] {
    const frames: MllpFrame[] = [];
    let at = 0;
    if (this.endPending) {
      this.endPending = false;
      if (chunk[0] === CR) {
        frames.push(this.finish());
        at = 1;
      } else {
        // The FS was content after all.
        this.keep(Buffer.from([FS]));
      }
    }
    while (at < chunk.length) {
      if (!this.inFrame) {
        const start = chunk.indexOf(VT, at);
        if (start < 0) {
          this.outsideFrames += chunk.length - at;
          break;
        }
        this.outsideFrames += start - at;
        this.inFrame = true;
        at = start + 1;
        continue;
      }
      const end = chunk.indexOf(FS, at);
      if (end < 0) {
        this.keep(chunk.subarray(at));
        break;
      }
      if (end === chunk.length - 1) {
        this.keep(chunk.subarray(at, end));
        this.endPending = true;
        break;
      }
      if (chunk[end + 1] !== CR) {
        this.keep(chunk.subarray(at, end + 1));
        at = end + 1;
        continue;
      }
      this.keep(chunk.subarray(at, end));
      frames.push(this.finish());
      at = end + 2;
    }
    return frames;
  }

  private keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.size += bytes.length;
    if (this.size <= this.maxFrameBytes) {
      this.parts.push(Buffer.from(bytes));
      this.kept += bytes.length;
      return;
    }
    // Past the limit only the head stays.
    if (this.kept > OVERSIZE_HEAD_BYTES) {
      this.parts = [Buffer.concat(this.parts).subarray(0, OVERSIZE_HEAD_BYTES)];
      this.kept = OVERSIZE_HEAD_BYTES;
    }
    const room = OVERSIZE_HEAD_BYTES - this.kept;
    if (room > 0) {
      this.parts.push(Buffer.from(bytes.subarray(0, room)));
      this.kept += Math.min(room, bytes.length);
    }
  }

  private finish(): MllpFrame {
    const bytes = Buffer.concat(this.parts);
    const size = this.size;
    this.parts = [];
    this.size = 0;
    this.kept = 0;
    this.inFrame = false;
    this.outsideFrames = 0;
    return size > this.maxFrameBytes
      ? { kind: 'oversize', head: bytes.subarray(0, OVERSIZE_HEAD_BYTES), size }
      : { kind: 'frame', bytes };
  }
}
