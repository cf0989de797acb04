const VT = 0x0b;
const FS = 0x1c;
const CR = 0x0d;

/**
 * Where a connection's bytes stand in MLLP's framing (`0x0B` … `0x1C 0x0D`), read as
 * @medplum/hl7's Hl7Connection reads them: a frame begins at a start block and ends at the first
 * FS CR after it; bytes between frames are skipped. The connection keeps this beside the
 * library's own parser only to time frames and idleness (decision FEED-54), never to parse.
 */
export class MllpFrames {
  /** Whether a frame has begun and not ended. */
  inFrame = false;
  /** Bytes since the last frame ended, those between frames included. */
  sinceFrameEnd = 0;
  /** The last byte read was an FS inside a frame: a CR first in the next read ends it. */
  private endPending = false;

  /** Reads one chunk; returns how many frames ended in it. */
  read(chunk: Buffer): number {
    let ended = 0;
    /** Just after the last frame end in this chunk; -1: none. */
    let afterEnd = -1;
    let at = 0;
    if (this.inFrame && this.endPending && chunk[0] === CR) {
      this.inFrame = false;
      ended += 1;
      afterEnd = at = 1;
    }
    this.endPending = false;
    while (at < chunk.length) {
      if (!this.inFrame) {
        const start = chunk.indexOf(VT, at);
        if (start < 0) break;
        this.inFrame = true;
        at = start + 1;
        continue;
      }
      const end = chunk.indexOf(FS, at);
      if (end < 0) break;
      if (end === chunk.length - 1) {
        this.endPending = true;
        break;
      }
      at = end + 1;
      if (chunk[at] !== CR) continue;
      at += 1;
      this.inFrame = false;
      ended += 1;
      afterEnd = at;
    }
    this.sinceFrameEnd = afterEnd < 0 ? this.sinceFrameEnd + chunk.length : chunk.length - afterEnd;
    return ended;
  }
}
