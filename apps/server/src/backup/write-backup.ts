import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PRODUCT_VERSION } from '@careboard/contracts';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type BackupSequence, type BackupTable, countRows, FrameWriter } from './backup-file.ts';
import { listSequences, listTables, MIGRATION_TABLE } from './schema-catalog.ts';

export interface BackupWritten {
  readonly file: string;
  readonly bytes: number;
  readonly tables: number;
  readonly rows: number;
  /** The schema's version: the last migration applied. */
  readonly migration: string;
}

/** Data frames are gathered to about this size: COPY hands rows over a few at a time. */
const CHUNK_BYTES = 256 * 1024;

/**
 * A consistent backup of the database at `databaseUrl` into `file` (decision FND-46): one
 * REPEATABLE READ READ ONLY transaction, so every table is read at one snapshot while the server
 * goes on writing; each table as COPY text; written to a temporary file beside `file`, mode 0600
 * (it holds patients' names and the signing keys), renamed over it only once whole.
 */
export async function writeBackup(
  databaseUrl: string,
  file: string,
  signal?: AbortSignal,
): Promise<BackupWritten> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`,
  );
  // Its own connection, without the pool's statement timeout: a big table takes longer than 5 s.
  const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
  await client.connect();
  const summary = { tables: 0, rows: 0, migration: '' };
  try {
    await pipeline(
      Readable.from(backupStream(client, summary)),
      createGzip(),
      createWriteStream(temporary, { mode: 0o600, flags: 'wx' }),
      ...(signal ? [{ signal }] : []),
    );
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  return { file, bytes: (await stat(file)).size, ...summary };
}

async function* backupStream(
  client: pg.Client,
  summary: { tables: number; rows: number; migration: string },
): AsyncGenerator<Buffer> {
  const writer = new FrameWriter();
  yield writer.start();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const migrations = (
      await client.query<{ name: string }>(`SELECT name FROM ${MIGRATION_TABLE} ORDER BY name`)
    ).rows.map((row) => row.name);
    const postgres = (await client.query<{ v: string }>('SHOW server_version')).rows[0]?.v ?? '';
    yield writer.frame(
      'H',
      JSON.stringify({ product: PRODUCT_VERSION, createdAt: new Date().toISOString(), migrations, postgres }),
    );
    const rows: Record<string, number> = {};
    for (const table of await listTables(client)) {
      yield writer.frame('T', JSON.stringify(table satisfies BackupTable));
      let count = 0;
      let gathered: Buffer[] = [];
      let size = 0;
      for await (const chunk of client.query(copyTo(copyStatement(client, table, 'TO STDOUT')))) {
        const bytes = chunk as Buffer;
        count += countRows(bytes);
        gathered.push(bytes);
        size += bytes.length;
        if (size >= CHUNK_BYTES) {
          yield writer.frame('D', Buffer.concat(gathered));
          gathered = [];
          size = 0;
        }
      }
      if (size > 0) yield writer.frame('D', Buffer.concat(gathered));
      rows[table.name] = count;
      summary.tables += 1;
      summary.rows += count;
    }
    // Read last: a sequence is not part of the snapshot, and its value now is at least what any row holds.
    const sequences: BackupSequence[] = await listSequences(client);
    await client.query('COMMIT');
    summary.migration = migrations.at(-1) ?? '';
    yield writer.end({ rows, sequences });
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** `COPY "table" ("a", "b") <direction>`: the columns named, generated ones left to PostgreSQL. */
export function copyStatement(client: pg.ClientBase, table: BackupTable, direction: string): string {
  const columns = table.columns.map((column) => client.escapeIdentifier(column)).join(', ');
  return `COPY ${client.escapeIdentifier(table.name)} (${columns}) ${direction}`;
}
