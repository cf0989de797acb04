/**
 * What an upgrade must never do (decisions FND-49, FND-50): a migration that fails leaves the
 * schema version and the data as they were, said in one line; a migration is not cut short by a
 * request's time limit; a database a newer Careboard wrote is refused in one line, by the server
 * (one process or several) and by the admin command, before anything is written.
 */

import { PRODUCT_VERSION } from '@careboard/contracts';
import { type Kysely, type Migration, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SERVER_SOURCE } from '../src/nodes/server-bundle.ts';
import {
  MigrationFailedError,
  migrateToLatest,
  NewerDatabaseError,
  openDatabase,
} from '../src/store/database.ts';
import { freePort } from '../src/store/free-port.ts';
import { migrations } from '../src/store/migrations/index.ts';
import { runCareboard } from './cli-runner.ts';
import { runServer, type ServerRun } from './old-release.ts';
import { createMigratedTestDatabase, createTestDatabase } from './test-database.ts';
import { FIXTURE_BOARD_DIR } from './test-server.ts';

const NAMES = Object.keys(migrations).sort();
const LATEST = NAMES.at(-1) ?? '';
const runs: ServerRun[] = [];

afterAll(async () => {
  for (const run of runs) run.child.kill('SIGKILL');
  await Promise.all(runs.map((run) => run.exited));
});

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What a failed start must leave as it was: the schema version, the tables and their rows. */
async function stateOf(url: string) {
  return withClient(url, async (client) => {
    const names = await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
    const tables = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    const customers = await client.query('SELECT id, name FROM customers ORDER BY id');
    const accounts = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
    return {
      migrations: names.rows.map((row) => row.name),
      tables: tables.rows.map((row) => row.name),
      customers: customers.rows,
      accounts: accounts.rows[0]?.n,
    };
  });
}

/** The server from this checkout's source on `databaseUrl`, until it exits. */
async function serverOn(databaseUrl: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const run = runServer(SERVER_SOURCE, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    CAREBOARD_BOARD_DIR: FIXTURE_BOARD_DIR,
    CAREBOARD_SIMULATOR_RATE: '0',
    ...env,
  });
  runs.push(run);
  return { code: await run.exited, output: run.output() };
}

/** A migration that writes, as a real one does. */
const writes: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE upgrade_probe (id int PRIMARY KEY)`.execute(db);
    await sql`INSERT INTO upgrade_probe VALUES (1)`.execute(db);
    await sql`UPDATE customers SET name = 'changed by a migration'`.execute(db);
  },
};

/** One that fails halfway: a table made and a row changed, then an error of PostgreSQL's. */
const failsHalfway: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE upgrade_half (id int)`.execute(db);
    await sql`DELETE FROM accounts`.execute(db);
    await sql`SELECT 1 / 0`.execute(db);
  },
};

describe('a migration that fails (FND-49)', () => {
  it('leaves the schema version and the data as they were, and says so in one line', async () => {
    const url = await createMigratedTestDatabase();
    await withClient(url, async (client) => {
      await client.query("INSERT INTO customers (id, name) VALUES ('kept', 'Kept Hospital')");
      await client.query(
        "INSERT INTO accounts (customer_id, email, name, role, password_hash) VALUES ('kept', 'kept@kept.test', 'Kept', 'admin', 'x')",
      );
    });
    const was = await stateOf(url);
    const db = openDatabase(url, 2);
    try {
      // Two pending: the first succeeds, the second fails halfway; neither may remain.
      const failed = await migrateToLatest(db, {
        ...migrations,
        '9000-writes': writes,
        '9001-fails-halfway': failsHalfway,
      }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(MigrationFailedError);
      expect((failed as Error).message).toBe(
        `careboard: migration 9001-fails-halfway failed: division by zero. Nothing was applied: the database is as it was (at migration ${LATEST}, where the previous version starts on it).`,
      );
    } finally {
      await db.destroy();
    }
    expect(await stateOf(url)).toEqual(was);
    expect(was.accounts).toBe(1);
  });

  it('stops the server with that one line, exit 1, and the database as it was', async () => {
    // A database before 0214 and 0215, where 0215 meets a column someone made by hand.
    const url = await createTestDatabase();
    const behind = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0214'));
    const db = openDatabase(url, 2);
    try {
      await migrateToLatest(db, behind);
      await sql`ALTER TABLE accounts ADD COLUMN scim_user_name text`.execute(db);
    } finally {
      await db.destroy();
    }
    const was = await stateOf(url);
    const { code, output } = await serverOn(url);
    expect(code).toBe(1);
    expect(output).toBe(
      'careboard: migration 0215-scim failed: column "scim_user_name" of relation "accounts" already exists. Nothing was applied: the database is as it was (at migration 0213-adt-events, where the previous version starts on it).\n',
    );
    // The migration before it (sign-in connections' tables) is rolled back with it; no demo data either.
    expect(await stateOf(url)).toEqual(was);
    expect(was.tables).not.toContain('sign_in_connections');
  }, 60_000);
});

describe('a migration longer than a request (FND-49)', () => {
  it("runs past DATABASE_TIMEOUT_MS: a migration's statements have a limit of their own", async () => {
    const url = await createMigratedTestDatabase();
    // The server's pool with a 300 ms limit per statement; the migration's statement takes 1 s.
    const db = openDatabase(url, 2, 300);
    try {
      await expect(sql`SELECT pg_sleep(1)`.execute(db)).rejects.toThrow(/statement timeout/);
      const slow: Migration = {
        async up(trx: Kysely<unknown>) {
          await sql`SELECT pg_sleep(1)`.execute(trx);
        },
      };
      await migrateToLatest(db, { ...migrations, '9000-slow': slow });
      expect((await stateOf(url)).migrations.at(-1)).toBe('9000-slow');
    } finally {
      await db.destroy();
    }
  });
});

describe('a database a newer Careboard wrote (FND-50)', () => {
  const FUTURE = '9999-from-a-newer-version';
  const refusal = `careboard: the database was written by a newer Careboard (its latest migration is ${FUTURE}; this version ${PRODUCT_VERSION} knows up to ${LATEST}): start that version, or restore the backup taken before the upgrade.\n`;

  async function newerDatabase(): Promise<string> {
    const url = await createMigratedTestDatabase();
    await withClient(url, (client) =>
      client.query('INSERT INTO kysely_migration (name, timestamp) VALUES ($1, $2)', [
        FUTURE,
        new Date().toISOString(),
      ]),
    );
    return url;
  }

  it('is refused by the server in one line, exit 1, without a write', async () => {
    const url = await newerDatabase();
    const was = await stateOf(url);
    const { code, output } = await serverOn(url);
    expect({ code, output }).toEqual({ code: 1, output: refusal });
    // Demo data (on by default) would have made a customer: nothing was written.
    expect(await stateOf(url)).toEqual(was);
    expect(was.customers).toEqual([]);
  }, 60_000);

  it('is refused once by a server of several processes (CAREBOARD_NODES=2), before any starts', async () => {
    const url = await newerDatabase();
    const was = await stateOf(url);
    const { code, output } = await serverOn(url, { CAREBOARD_NODES: '2', REDIS_URL: inject('redisUrl') });
    expect({ code, output }).toEqual({ code: 1, output: refusal });
    expect(await stateOf(url)).toEqual(was);
  }, 60_000);

  it('is refused by the admin command in one line, exit 1', async () => {
    const url = await newerDatabase();
    const was = await stateOf(url);
    const listed = await runCareboard(url, ['customer', 'list']);
    expect(listed).toEqual({ code: 1, out: '', err: refusal });
    expect(await stateOf(url)).toEqual(was);
  }, 60_000);

  it('names a migration this version lacks among older ones as another build, not a newer one', async () => {
    const url = await createMigratedTestDatabase();
    await withClient(url, (client) =>
      client.query("INSERT INTO kysely_migration (name, timestamp) VALUES ('0150-a-branch', now()::text)"),
    );
    const db = openDatabase(url, 2);
    try {
      const refused = await migrateToLatest(db).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(NewerDatabaseError);
      expect((refused as Error).message).toBe(
        `careboard: the database was written by another build of Careboard (it holds migration 0150-a-branch, which this version ${PRODUCT_VERSION} does not know): start the version that wrote it, or restore the backup taken before the upgrade.`,
      );
    } finally {
      await db.destroy();
    }
  });
});
