import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';

/**
 * The backup file (decision FND-46): gzip of a first line naming the format, then frames, each
 * `<kind> <length>\n` and that many bytes: one header (H, JSON), per table its name and columns
 * (T, JSON) and its rows as PostgreSQL's COPY text (D, any number of chunks), and last the end
 * (E, JSON): rows per table, the sequences, and the SHA-256 of every byte before it. A file cut
 * short or altered fails its gzip check or its digest, and is refused before anything is written.
 */
export const MAGIC = 'careboard-backup 1\n';

/** What a backup names about itself, in its header. */
export interface BackupHeader {
  /** The product version that wrote it. */
  readonly product: string;
  readonly createdAt: string;
  /** Every migration applied to the database, in order; the last is the schema's version. */
  readonly migrations: readonly string[];
  /** PostgreSQL's `server_version` of the database backed up. */
  readonly postgres: string;
}

export interface BackupTable {
  readonly name: string;
  readonly columns: readonly string[];
}

export interface BackupSequence {
  readonly name: string;
  readonly value: string;
  /** Whether it is bigint: such sequences skip ahead at a restore (decision FND-46). */
  readonly bigint: boolean;
}

export interface BackupEnd {
  /** Rows of each table, by name. */
  readonly rows: Readonly<Record<string, number>>;
  readonly sequences: readonly BackupSequence[];
  readonly sha256: string;
}

export type BackupPart =
  | { readonly kind: 'header'; readonly header: BackupHeader }
  | { readonly kind: 'table'; readonly table: BackupTable }
  | { readonly kind: 'data'; readonly chunk: Buffer }
  | { readonly kind: 'end'; readonly end: BackupEnd };

/** The file is not a whole Careboard backup: cut short, altered, or something else. */
export class BadBackupError extends Error {}

/** Writes frames and keeps the digest of everything written. */
export class FrameWriter {
  readonly #hash: Hash = createHash('sha256');

  start(): Buffer {
    return this.#hashed(Buffer.from(MAGIC));
  }

  frame(kind: 'H' | 'T' | 'D', payload: Buffer | string): Buffer {
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    return this.#hashed(Buffer.concat([Buffer.from(`${kind} ${body.length}\n`), body]));
  }

  /** The end frame; nothing may follow it. */
  end(end: Omit<BackupEnd, 'sha256'>): Buffer {
    const body = Buffer.from(JSON.stringify({ ...end, sha256: this.#hash.digest('hex') }));
    return Buffer.concat([Buffer.from(`E ${body.length}\n`), body]);
  }

  #hashed(bytes: Buffer): Buffer {
    this.#hash.update(bytes);
    return bytes;
  }
}

/** The longest frame a reader accepts: a writer's data chunks are far smaller. */
const MOST_FRAME_BYTES = 64 * 1024 * 1024;

/**
 * The parts of a backup file in order, checked as they are read: the format line, each frame's
 * kind and length, the gzip stream's own check, and at the end the digest. Anything wrong throws
 * BadBackupError, which a restore answers before (first pass) or instead of (second) its commit.
 */
export async function* readBackup(file: string): AsyncGenerator<BackupPart> {
  const hash = createHash('sha256');
  let buffered: Buffer = Buffer.alloc(0);
  let started = false;
  let ended = false;
  const gunzip = createReadStream(file).pipe(createGunzip());
  const chunks = (async function* () {
    try {
      for await (const chunk of gunzip) yield chunk as Buffer;
    } catch (error) {
      const reason = (error as Error).message;
      throw new BadBackupError(`it is not a whole gzip file (${reason})`);
    }
  })();
  for await (const chunk of chunks) {
    if (ended) throw new BadBackupError('it has more after its end');
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    if (!started) {
      if (buffered.length < MAGIC.length) continue;
      if (buffered.subarray(0, MAGIC.length).toString() !== MAGIC)
        throw new BadBackupError('it is not a Careboard backup');
      hash.update(buffered.subarray(0, MAGIC.length));
      buffered = buffered.subarray(MAGIC.length);
      started = true;
    }
    for (;;) {
      const newline = buffered.indexOf(10);
      if (newline < 0) {
        if (buffered.length > 32) throw new BadBackupError('a frame has no valid start');
        break;
      }
      const match = /^([HTDE]) (\d{1,10})$/.exec(buffered.subarray(0, newline).toString());
      if (!match) throw new BadBackupError('a frame has no valid start');
      const length = Number(match[2]);
      if (length > MOST_FRAME_BYTES) throw new BadBackupError('a frame is too long');
      if (buffered.length < newline + 1 + length) break;
      const frame = buffered.subarray(0, newline + 1 + length);
      const body = frame.subarray(newline + 1);
      buffered = buffered.subarray(frame.length);
      const kind = match[1];
      if (kind === 'E') {
        const end = parseJson(body) as BackupEnd;
        if (end.sha256 !== hash.digest('hex')) throw new BadBackupError('its digest does not match');
        ended = true;
        if (buffered.length > 0) throw new BadBackupError('it has more after its end');
        yield { kind: 'end', end };
        continue;
      }
      hash.update(frame);
      if (kind === 'H') yield { kind: 'header', header: parseJson(body) as BackupHeader };
      else if (kind === 'T') yield { kind: 'table', table: parseJson(body) as BackupTable };
      // A copy: the buffer it is cut from is reused for the next frames.
      else yield { kind: 'data', chunk: Buffer.from(body) };
    }
  }
  if (!ended) throw new BadBackupError(started ? 'it is cut short' : 'it is not a Careboard backup');
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString());
  } catch {
    throw new BadBackupError('a frame is not valid JSON');
  }
}

/** What a first pass over the file learns: it is whole, and what it holds. */
export interface VerifiedBackup {
  readonly header: BackupHeader;
  readonly tables: readonly BackupTable[];
  readonly end: BackupEnd;
}

/** Reads the whole file once, every check on, writing nothing. */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  let header: BackupHeader | undefined;
  const tables: BackupTable[] = [];
  let end: BackupEnd | undefined;
  let rows = 0;
  const counts: Record<string, number> = {};
  for await (const part of readBackup(file)) {
    if (part.kind === 'header') header = part.header;
    else if (part.kind === 'table') {
      const last = tables.at(-1);
      if (last) counts[last.name] = rows;
      tables.push(part.table);
      rows = 0;
    } else if (part.kind === 'data') rows += countRows(part.chunk);
    else end = part.end;
  }
  const last = tables.at(-1);
  if (last) counts[last.name] = rows;
  if (!header || !end) throw new BadBackupError('it has no header');
  for (const table of tables) {
    if (end.rows[table.name] !== counts[table.name])
      throw new BadBackupError(`the rows of ${table.name} do not match its count`);
  }
  return { header, tables, end };
}

/** Rows in COPY text: one line each (a newline inside a value is written as `\n`). */
export function countRows(chunk: Buffer): number {
  let rows = 0;
  for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) rows += 1;
  return rows;
}
