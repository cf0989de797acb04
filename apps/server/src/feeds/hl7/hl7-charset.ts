import iconvModule from 'iconv-lite';

// iconv-lite 0.7.1's typings put its API under a `default` that Node's import of this CommonJS
// module does not have (the module object is the API itself), so the type is taken from there.
const iconv = iconvModule as unknown as typeof iconvModule.default;

/** A character set a message may name in MSH-18, and how its bytes are decoded. */
export interface Hl7Charset {
  /** The HL7 table 0211 name, e.g. '8859/1', 'UNICODE UTF-8': what a refusal names. */
  readonly name: string;
  /** iconv-lite's name for it ('utf-8' is decoded by TextDecoder instead). */
  readonly encoding: string;
}

export type Hl7Decoded =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: string };

const UTF8 = 'utf-8';

const charset = (name: string, encoding: string): Hl7Charset => Object.freeze({ name, encoding });

/** The character set of a message whose MSH-18 is empty, unless a facility names another. */
export const DEFAULT_CHARSET: Hl7Charset = charset('UNICODE UTF-8', UTF8);

/** Table 0211 lists 8859/1–9 and 15; iconv-lite has 10–16 as well, at no cost (12 never existed). */
const LATIN_PARTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16] as const;

/**
 * Every character set accepted, by its table 0211 name. Each is ASCII in the bytes that frame a
 * message (CR, the separators, "MSH"), so segments are cut and MSH-18 read before decoding.
 * Refused: UNICODE (deprecated by table 0211, and it does not say which encoding), UNICODE UTF-16
 * and UTF-32 (a CR byte can sit inside a character), ISO IR87 and ISO IR159 (reached by ISO 2022
 * switching, which iconv-lite does not decode), CNS 11643-1992 (iconv-lite has no table for it).
 */
const CHARSETS: readonly Hl7Charset[] = Object.freeze([
  charset('ASCII', 'ascii'),
  // Table 0211: "ASCII graphic character set consisting of 94 characters", the same bytes as ASCII.
  charset('ISO IR6', 'ascii'),
  ...LATIN_PARTS.map((part) => charset(`8859/${part}`, `iso-8859-${part}`)),
  // JIS X 0201 Roman: ASCII but for 0x5C (¥) and 0x7E (‾). MSH-2's default `~` and `\` decode as
  // those, and the parser takes its separators from the decoded MSH, so they still separate.
  charset('ISO IR14', 'iso646jp'),
  charset('GB 18030-2000', 'gb18030'),
  // cp949 is EUC-KR (KS X 1001) plus the Hangul Microsoft added: senders saying KS X 1001 send both.
  charset('KS X 1001', 'cp949'),
  // iconv-lite's big5 is Big5-HKSCS, a superset of Big5.
  charset('BIG-5', 'big5'),
  DEFAULT_CHARSET,
]);

/** What charsetOf accepts (and `UTF-8`), for the documentation and a refusal's text. */
export const SUPPORTED_CHARSET_NAMES: readonly string[] = Object.freeze(CHARSETS.map((known) => known.name));

const BY_NAME: ReadonlyMap<string, Hl7Charset> = new Map([
  ...CHARSETS.map((known) => [known.name, known] as const),
  // Not a table 0211 name, but what senders write when they mean it, and it says which encoding.
  ['UTF-8', DEFAULT_CHARSET],
]);

/** One byte, one character: a decoded character's index is its byte's offset. */
const SINGLE_BYTE: ReadonlySet<string> = new Set([
  'ascii',
  'iso646jp',
  ...LATIN_PARTS.map((part) => `iso-8859-${part}`),
]);

/**
 * The character set MSH-18's first repetition names (table 0211, any case, spaces around it and
 * runs of them inside ignored), or undefined when it names none this feed decodes. An empty one
 * names none: the caller decides what an empty MSH-18 means (a facility's default) before calling.
 */
export function charsetOf(msh18: string): Hl7Charset | undefined {
  return BY_NAME.get(msh18.trim().replace(/\s+/g, ' ').toUpperCase());
}

const ESC = 0x1b;
const REPLACEMENT = '\uFFFD';
const NO_BOM_STRIP = { stripBOM: false } as const;
const utf8 = new TextDecoder(UTF8, { fatal: true, ignoreBOM: true });
const utf8Lenient = new TextDecoder(UTF8, { ignoreBOM: true });

const hex = (byte: number | undefined) => `0x${(byte ?? 0).toString(16).padStart(2, '0')}`;
const refused = (reason: string): Hl7Decoded => ({ ok: false, reason });
const notACharacter = (bytes: Uint8Array, at: number, charset: Hl7Charset) =>
  refused(`byte ${at} (${hex(bytes[at])}) is not a character of ${charset.name}`);

/**
 * A message's bytes as text, refused rather than guessed at: a byte the character set does not
 * have would put a wrong letter in a patient's name. The reason gives the offset of the first bad
 * byte (from 0, counted from the first byte given) and never the text, which may hold a name.
 * An ESC byte is refused whatever the set: it opens an ISO 2022 switch (MSH-20), and decoding on
 * past it would turn the other set's bytes into ASCII letters.
 */
export function decodeHl7(bytes: Uint8Array, charset: Hl7Charset): Hl7Decoded {
  const esc = bytes.indexOf(ESC);
  if (esc !== -1) return refused(`byte ${esc} (0x1b) starts an ISO 2022 character set switch, not supported`);
  if (charset.encoding === UTF8) return decodeUtf8(bytes);
  if (SINGLE_BYTE.has(charset.encoding)) return decodeSingleByte(bytes, charset);
  return decodeMultibyte(bytes, charset);
}

function decodeUtf8(bytes: Uint8Array): Hl7Decoded {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  try {
    return { ok: true, text: utf8.decode(body) };
  } catch {
    const at = start + firstInvalidUtf8(body);
    return refused(`the message is not valid UTF-8 at byte ${at} (${hex(bytes[at])})`);
  }
}

/**
 * Where the first ill-formed sequence starts. All before it decoded exactly, so its length in
 * UTF-8 is the offset; a U+FFFD the input spells out (EF BF BD) is a character, not an error.
 */
function firstInvalidUtf8(body: Uint8Array): number {
  const text = utf8Lenient.decode(body);
  let offset = 0;
  let from = 0;
  for (let at = text.indexOf(REPLACEMENT); at !== -1; at = text.indexOf(REPLACEMENT, at + 1)) {
    offset += Buffer.byteLength(text.slice(from, at), 'utf8');
    if (body[offset] !== 0xef || body[offset + 1] !== 0xbf || body[offset + 2] !== 0xbd) return offset;
    offset += 3;
    from = at + 1;
  }
  return body.length; // unreachable: the strict decoder refused what the lenient one read cleanly
}

/**
 * ISO 8859 and its kin. iconv-lite gives U+FFFD for a byte the part leaves undefined (8859/3's
 * 0xA5, say), which one byte cannot otherwise spell. Table 0211 admits only "the printable
 * characters", so 0x80–0x9F (C1 controls, where Windows code pages put € and curly quotes: the
 * usual mislabelling) are refused as well.
 */
function decodeSingleByte(bytes: Uint8Array, charset: Hl7Charset): Hl7Decoded {
  const text = iconv.decode(bytes, charset.encoding, NO_BOM_STRIP);
  const at = text.search(/[\u0080-\u009f\uFFFD]/);
  return at === -1 ? { ok: true, text } : notACharacter(bytes, at, charset);
}

/** GB 18030, KS X 1001, Big5: a U+FFFD in the text is a bad byte unless the input spelled one. */
function decodeMultibyte(bytes: Uint8Array, charset: Hl7Charset): Hl7Decoded {
  const decoded = iconv.decode(bytes, charset.encoding, NO_BOM_STRIP);
  const text = decoded.startsWith('\uFEFF') ? decoded.slice(1) : decoded;
  if (!text.includes(REPLACEMENT)) return { ok: true, text };
  const at = firstUnmappable(bytes, decoded, charset.encoding);
  return at === undefined ? { ok: true, text } : notACharacter(bytes, at, charset);
}

/** How each charset spells U+FFFD, or null when it cannot (then every U+FFFD is a bad byte). */
const replacements = new Map<string, Buffer | null>();

function replacementIn(encoding: string): Buffer | null {
  let spelled = replacements.get(encoding);
  if (spelled === undefined) {
    const encoded = iconv.encode(REPLACEMENT, encoding); // '?' when the set has no U+FFFD
    spelled = iconv.decode(encoded, encoding) === REPLACEMENT ? encoded : null;
    replacements.set(encoding, spelled);
  }
  return spelled;
}

/**
 * The offset of the first U+FFFD the input did not spell, or undefined when it spelled them all.
 * A character's offset is the length of the text before it, encoded again. Where that text does
 * not come back from those bytes (GB 18030's lone 0x80 decodes as € but € encodes in two bytes),
 * a search over prefixes finds the offset instead.
 */
function firstUnmappable(bytes: Uint8Array, text: string, encoding: string): number | undefined {
  const own = replacementIn(encoding);
  let offset = 0;
  let from = 0;
  for (let at = text.indexOf(REPLACEMENT); at !== -1; at = text.indexOf(REPLACEMENT, at + 1)) {
    offset += iconv.encode(text.slice(from, at), encoding).length;
    const before = text.slice(0, at);
    if (
      !spells(bytes, offset, own) &&
      iconv.decode(bytes.subarray(0, offset), encoding, NO_BOM_STRIP) !== before
    ) {
      offset = startOfCharacter(bytes, at, encoding);
    }
    if (own === null || !spells(bytes, offset, own)) return offset;
    offset += own.length;
    from = at + 1;
  }
  return undefined;
}

function spells(bytes: Uint8Array, offset: number, own: Buffer | null): boolean {
  if (own === null) return false;
  return own.every((byte, i) => bytes[offset + i] === byte);
}

/** The fewest leading bytes that decode to `chars` whole characters: where the next one starts. */
function startOfCharacter(bytes: Uint8Array, chars: number, encoding: string): number {
  let low = 0;
  let high = bytes.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    // write() without end() holds back a character it has not seen all of: only whole ones count.
    const whole = iconv.getDecoder(encoding, NO_BOM_STRIP).write(Buffer.from(bytes.subarray(0, mid)));
    if (whole.length >= chars) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Text in a message's character set, for its ACK; a character the set lacks becomes '?'. */
export function encodeHl7(text: string, charset: Hl7Charset): Buffer {
  if (charset.encoding === UTF8) return Buffer.from(text, 'utf8');
  return iconv.encode(text, charset.encoding);
}
