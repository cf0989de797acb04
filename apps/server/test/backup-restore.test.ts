/**
 * Backups and restores by the admin command (decision FND-46), on the test run's cluster: a
 * restore gives back every table exactly; a target that is not empty, a file cut short or
 * altered, and a backup of a newer schema are each refused with one line and change nothing.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameWriter } from '../src/backup/backup-file.ts';
import { migrations } from '../src/store/migrations/index.ts';
import { runCareboard } from './cli-runner.ts';
import { createTestDatabase } from './test-database.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let dir: string;
let backup: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(path.join(tmpdir(), 'careboard-backup-'));
  backup = path.join(dir, 'whole.backup.gz');
  const made = await runCareboard(server.databaseUrl, ['backup', '--to', backup]);
  expect(made.code, made.err).toBe(0);
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Every table of the schema but Kysely's, each as a digest of its rows in a fixed order; not the
 * running server's presence lease, which it renews every 5 s.
 */
async function tableDigests(url: string): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(
    url,
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely%' AND tablename <> 'presence_nodes' ORDER BY 1",
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query<{ digest: string; count: number }>(
      url,
      `SELECT count(*)::int AS count, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${name}" t`,
    );
    digests[name] = `${row?.count} ${row?.digest}`;
  }
  return digests;
}

const relationCount = async (url: string) =>
  (
    await query<{ n: number }>(
      url,
      "SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'",
    )
  )[0]?.n;

const lines = (text: string) => text.split('\n').filter(Boolean);

describe('npm run careboard -- backup', () => {
  it('writes the file 0600 and says what it holds, naming the schema', async () => {
    expect(statSync(backup).mode & 0o777).toBe(0o600);
    const again = await runCareboard(server.databaseUrl, [
      'backup',
      '--to',
      path.join(dir, 'again.backup.gz'),
    ]);
    const last = Object.keys(migrations).sort().at(-1);
    expect(again.out).toMatch(new RegExp(`^Backed up \\d+ tables, \\d+ rows \\(schema ${last}\\) to `));
    // No partial file is left beside it.
    expect(readdirSync(dir).filter((name) => name.includes('partial'))).toEqual([]);
  });
});

describe('npm run careboard -- restore', () => {
  it('into an empty database gives back every table, row for row, keys and secrets included', async () => {
    const target = await createTestDatabase();
    const restored = await runCareboard(target, ['restore', backup]);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(/^Restored \d+ tables, \d+ rows of a backup made /);
    const [source, copy] = await Promise.all([tableDigests(server.databaseUrl), tableDigests(target)]);
    expect(Object.keys(copy)).toContain('identity_keys');
    expect(copy).toEqual(source);
    // Kysely's record names the same migrations: a server starting on it has nothing to redo.
    const names = (url: string) =>
      query<{ name: string }>(url, 'SELECT name FROM kysely_migration ORDER BY 1');
    expect(await names(target)).toEqual(await names(server.databaseUrl));
  });

  it('refuses a database that is not empty, in one line, and leaves it as it was', async () => {
    const before = await tableDigests(server.databaseUrl);
    const refused = await runCareboard(server.databaseUrl, ['restore', backup]);
    expect(refused.code).toBe(2);
    expect(lines(refused.err).at(-1)).toBe(
      'careboard: the database is not empty; restore only into an empty database (a new one, or an empty data directory). Nothing was restored.',
    );
    expect(await tableDigests(server.databaseUrl)).toEqual(before);
  });

  it('refuses a data directory that holds a cluster', async () => {
    const dataDir = path.join(dir, 'taken');
    mkdirSync(path.join(dataDir, 'postgres'), { recursive: true });
    writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
    const refused = await runCareboard(null, ['restore', backup], '', { CAREBOARD_DATA_DIR: dataDir });
    expect(refused.code).toBe(2);
    expect(lines(refused.err).at(-1)).toBe(
      `careboard: ${dataDir} already holds a PostgreSQL cluster; restore only into an empty data directory (set CAREBOARD_DATA_DIR to a new one). Nothing was restored.`,
    );
  });

  it.each([
    ['cut short', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    [
      'with one byte changed',
      (bytes: Buffer) => {
        const changed = Buffer.from(bytes);
        const at = Math.floor(changed.length / 2);
        changed[at] = (changed[at] ?? 0) ^ 0xff;
        return changed;
      },
    ],
    ['not a backup at all', () => gzipSync('hello\n')],
  ])('refuses a file %s in one line, and the database stays empty', async (_what, spoil) => {
    const spoiled = path.join(dir, `spoiled-${_what.replaceAll(' ', '-')}.backup.gz`);
    writeFileSync(spoiled, spoil(readFileSync(backup)));
    const target = await createTestDatabase();
    const refused = await runCareboard(target, ['restore', spoiled]);
    expect(refused.code).toBe(2);
    expect(lines(refused.err)).toHaveLength(1);
    expect(refused.err).toMatch(
      new RegExp(
        `^careboard: ${spoiled.replaceAll('.', '\\.')} is not a whole Careboard backup \\(.+\\); nothing was restored\\.\\n$`,
      ),
    );
    expect(await relationCount(target)).toBe(0);
  });

  it('refuses a file cut short into an empty data directory, and leaves no cluster there', async () => {
    const spoiled = path.join(dir, 'short.backup.gz');
    writeFileSync(spoiled, readFileSync(backup).subarray(0, 2000));
    const dataDir = path.join(dir, 'empty-data');
    const refused = await runCareboard(null, ['restore', spoiled], '', { CAREBOARD_DATA_DIR: dataDir });
    expect(refused.code).toBe(2);
    expect(lines(refused.err).at(-1)).toMatch(/is not a whole Careboard backup/);
    expect(readdirSync(dir)).not.toContain('empty-data');
  });

  it('refuses a backup of a newer schema than this version knows', async () => {
    const writer = new FrameWriter();
    const known = Object.keys(migrations).sort();
    const header = {
      product: '9.9.9',
      createdAt: new Date().toISOString(),
      migrations: [...known, '9999-from-the-future'],
      postgres: '18.0',
    };
    const file = path.join(dir, 'newer.backup.gz');
    writeFileSync(
      file,
      gzipSync(
        Buffer.concat([
          writer.start(),
          writer.frame('H', JSON.stringify(header)),
          writer.end({ rows: {}, sequences: [] }),
        ]),
      ),
    );
    const target = await createTestDatabase();
    const refused = await runCareboard(target, ['restore', file]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(
      /^careboard: .* was written by Careboard 9\.9\.9, whose schema \(migration 9999-from-the-future\) is newer than this version's \(.+\); restore it with that version or a later one\.\n$/,
    );
    expect(await relationCount(target)).toBe(0);
  });
});
