import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * A text message's frame header as a server writes it (RFC 6455 §5.2): FIN, the text opcode, the
 * payload's length, no mask.
 */
export function textFrameHeader(length: number): Buffer {
  if (length < 126) return Buffer.from([0x81, length]);
  if (length < 0x10000) return Buffer.from([0x81, 126, length >>> 8, length & 0xff]);
  const header = Buffer.allocUnsafe(10);
  header[0] = 0x81;
  header[1] = 127;
  header.writeUInt32BE(Math.floor(length / 0x1_0000_0000), 2);
  header.writeUInt32BE(length >>> 0, 6);
  return header;
}

/** A whole text frame, header and payload, in one buffer: for a message sent unchanged many times. */
export function textFrame(payload: Buffer): Buffer {
  return Buffer.concat([textFrameHeader(payload.length), payload]);
}

/**
 * The TCP socket under an open WebSocket, when frames may be written to it directly (LIVE-38):
 * `ws` writes to it only what it is given, in order, and transforms nothing since no extension
 * (compression) was negotiated, so a whole frame written here cannot come between its frames,
 * and its count of bytes held (`bufferedAmount`) counts it. Undefined otherwise: use `send`.
 */
export function rawStreamOf(socket: WebSocket): Duplex | undefined {
  if (socket.readyState !== socket.OPEN || socket.extensions !== '') return undefined;
  return (socket as unknown as { _socket?: Duplex })._socket;
}
