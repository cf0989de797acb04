import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { PRODUCT_VERSION } from '@careboard/contracts';
import { Kysely, Migrator, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Logger } from 'pino';
import { hasEmbeddedCluster, startEmbeddedPostgres } from '../store/embedded-postgres.ts';
import { migrations } from '../store/migrations/index.ts';
import { BadBackupError, readBackup, type VerifiedBackup, verifyBackup } from './backup-file.ts';
import { countRelations, foreignKeysOf } from './schema-catalog.ts';
import { copyStatement } from './write-backup.ts';

/** A restore that will not start: said in one line, nothing written (decision FND-46). */
export class RestoreRefusedError extends Error {}

/**
 * How far a bigint sequence (change_log's versions among them) skips ahead at a restore: past
 * every value the old server handed out after the backup, so a screen that saw such a version
 * never meets it again for other rows.
 */
const BIGINT_SKIP = 1_000_000_000n;

/** The file read through once: whole, and of a schema this version can make. */
export async function checkBackup(file: string): Promise<VerifiedBackup> {
  if (!existsSync(file)) throw new RestoreRefusedError(`careboard: there is no file ${file}.`);
  let verified: VerifiedBackup;
  try {
    verified = await verifyBackup(file);
  } catch (error) {
    if (!(error instanceof BadBackupError)) throw error;
    throw new RestoreRefusedError(
      `careboard: ${file} is not a whole Careboard backup (${error.message}); nothing was restored.`,
    );
  }
  const known = Object.keys(migrations).sort();
  const theirs = verified.header.migrations;
  const unknown = theirs.find((name) => !known.includes(name));
  if (unknown)
    throw new RestoreRefusedError(
      `careboard: ${file} was written by Careboard ${verified.header.product}, whose schema (migration ${unknown}) is newer than this version's (${PRODUCT_VERSION}); restore it with that version or a later one.`,
    );
  if (theirs.length === 0 || theirs.some((name, index) => known[index] !== name))
    throw new RestoreRefusedError(
      `careboard: the migrations of ${file} do not match this version's (${PRODUCT_VERSION}); nothing was restored.`,
    );
  return verified;
}

/**
 * Restores a checked backup into an empty database in one transaction: this version's
 * migrations up to the backup's last one; every table by COPY, with the foreign keys lifted
 * (customers and workflows name each other, so no order of tables would do) and the user
 * triggers off (no row is made twice); the foreign keys added again, which checks every row;
 * then the sequences. Anything failing rolls it all back. It needs only the owner's rights,
 * not a superuser's (session_replication_role would).
 */
export async function restoreDatabase(databaseUrl: string, file: string, verified: VerifiedBackup) {
  const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
  await client.connect();
  try {
    if ((await countRelations(client)) > 0)
      throw new RestoreRefusedError(
        'careboard: the database is not empty; restore only into an empty database (a new one, or an empty data directory). Nothing was restored.',
      );
    await client.query('BEGIN');
    try {
      await migrateTo(client, verified.header.migrations.at(-1) ?? '');
      const names = verified.tables.map((table) => client.escapeIdentifier(table.name));
      const keys = await foreignKeysOf(client);
      for (const key of keys)
        await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${client.escapeIdentifier(key.name)}`);
      for (const name of names) await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
      await loadTables(client, file, verified);
      for (const name of names) await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
      for (const key of keys)
        await client.query(
          `ALTER TABLE ${key.table} ADD CONSTRAINT ${client.escapeIdentifier(key.name)} ${key.definition}`,
        );
      for (const sequence of verified.end.sequences) {
        const value = BigInt(sequence.value) + (sequence.bigint ? BIGINT_SKIP : 0n);
        await client.query('SELECT setval($1::regclass, $2::bigint, true)', [
          client.escapeIdentifier(sequence.name),
          value.toString(),
        ]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (error instanceof BadBackupError)
        throw new RestoreRefusedError(
          `careboard: ${file} is not a whole Careboard backup (${error.message}); nothing was restored.`,
        );
      throw error;
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Restores into an empty data directory: its embedded cluster is made, filled and stopped. A
 * restore that fails removes what it made, so the directory is as empty as it was.
 */
export async function restoreDataDir(dataDir: string, file: string, verified: VerifiedBackup, log: Logger) {
  if (hasEmbeddedCluster(dataDir))
    throw new RestoreRefusedError(
      `careboard: ${dataDir} already holds a PostgreSQL cluster; restore only into an empty data directory (set CAREBOARD_DATA_DIR to a new one). Nothing was restored.`,
    );
  const made = ['postgres', 'postgres-password'].filter((name) => !existsSync(path.join(dataDir, name)));
  const embedded = await startEmbeddedPostgres(dataDir, log);
  try {
    await restoreDatabase(embedded.url, file, verified);
  } catch (error) {
    await embedded.stop();
    for (const name of made) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  }
  await embedded.stop();
}

/** Kysely's migrator on the restore's one connection, inside its transaction. */
async function migrateTo(client: pg.Client, last: string): Promise<void> {
  const pool = {
    connect: async () => ({ query: client.query.bind(client), release: () => undefined }),
    end: async () => undefined,
  } as unknown as PostgresPool;
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    // The restore's own transaction holds them all.
    disableTransactions: true,
  });
  const { error, results } = await migrator.migrateTo(last);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed.`, { cause: error });
}

/** The second pass: every table's rows into its COPY, each count checked against the backup's. */
async function loadTables(client: pg.Client, file: string, verified: VerifiedBackup): Promise<void> {
  let open: { name: string; stream: Writable & { rowCount?: number }; done: Promise<void> } | undefined;
  const close = async () => {
    if (!open) return;
    const { name, stream, done } = open;
    open = undefined;
    stream.end();
    await done;
    if (stream.rowCount !== verified.end.rows[name])
      throw new BadBackupError(`the rows of ${name} do not match its count`);
  };
  try {
    for await (const part of readBackup(file)) {
      if (part.kind === 'table') {
        await close();
        const stream = client.query(copyFrom(copyStatement(client, part.table, 'FROM STDIN')));
        const done = finished(stream);
        done.catch(() => undefined);
        open = { name: part.table.name, stream, done };
      } else if (part.kind === 'data' && open) {
        if (!open.stream.write(part.chunk)) await waitForDrain(open.stream, open.done);
      } else if (part.kind === 'end') await close();
    }
  } finally {
    // A failure mid-table: the COPY is ended with an error, so the connection can roll back.
    if (open) {
      open.stream.destroy(new Error('restore stopped'));
      await open.done.catch(() => undefined);
    }
  }
}

function waitForDrain(stream: Writable, done: Promise<void>): Promise<void> {
  return Promise.race([new Promise<void>((resolve) => stream.once('drain', resolve)), done]);
}
