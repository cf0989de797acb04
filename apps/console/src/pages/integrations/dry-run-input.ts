/** Bytes per `String.fromCharCode` call: its arguments go on the stack, so a whole file cannot. */
const CHUNK = 0x8000;

/**
 * A file's bytes as base64, each byte kept: the dry run reads a file as the feed reads a frame,
 * in the character set its MSH-18 names, so a Latin-1 file must not pass through a UTF-8 text
 * first (FEED-67). `btoa` takes a "binary string", one character per byte.
 */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

/**
 * Pasted text with each segment ended by CR, HL7's segment terminator. A text area's value has
 * LF line breaks whatever was pasted (the HTML standard normalises CR and CRLF); the feed reads
 * CR, LF and CRLF alike, so no outcome changes, but the text tried is then the one a sender's
 * frame holds, whichever browser it was pasted in.
 */
export function withSegmentEnds(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '\r');
}
