import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { freePort } from '../../apps/server/src/store/free-port.ts';
import { adminApi, configureProvider, OIDC_PLUGIN } from './glewlwyd-admin.ts';
import { runGlewlwyd } from './glewlwyd-process.ts';

/** Debian's glewlwyd schema (dbconfig-common's), with the admin user and the `openid` scope. */
const SCHEMA = '/usr/share/dbconfig-common/data/glewlwyd/install/sqlite3';
/** The sources that decide what the fixture holds: a change to either makes a new one. */
const MAKERS = [
  new URL('./glewlwyd-fixture.ts', import.meta.url),
  new URL('./glewlwyd-admin.ts', import.meta.url),
];

/** One RS256 key in a JWKS, its kid the plugin's `default-kid`, not encrypted (`-p /dev/null`). */
const RNBYC_RS256_KEY = ['-j', '-g', 'rsa2048', '-k', 'key-1', '-a', 'RS256', '-p', '/dev/null'];

let fixture: Promise<string> | undefined;

/** A copy of the configured database for one start, with the issuer of its port. */
export async function freshDatabase(database: string, issuer: string): Promise<void> {
  copyFileSync(await fixtureDatabase(), database);
  setIssuer(database, issuer);
}

/**
 * The configured database: made once per machine into the temp folder, named by a hash of the
 * schema and of the code that makes it, and looked up once per process.
 */
function fixtureDatabase(): Promise<string> {
  fixture ??= cachedFixture();
  return fixture;
}

/** The fixture of this hash, made now if no process made it before. */
async function cachedFixture(): Promise<string> {
  const hash = createHash('sha256').update(readFileSync(SCHEMA));
  for (const file of MAKERS) hash.update(readFileSync(file));
  const file = path.join(tmpdir(), `careboard-test-glewlwyd-${hash.digest('hex').slice(0, 16)}.db`);
  if (existsSync(file)) return file;
  const dir = mkdtempSync(path.join(tmpdir(), 'careboard-test-glewlwyd-fixture-'));
  try {
    const database = path.join(dir, 'glewlwyd.db');
    await makeFixture(dir, database);
    // Renamed into place whole, so a process that finds the file finds it complete.
    renameSync(database, file);
    return file;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The schema, then the provider configured through glewlwyd's own admin API on a glewlwyd started
 * for it, with a new RS256 key, and stopped.
 */
async function makeFixture(dir: string, database: string): Promise<void> {
  createSchema(database);
  const keys = path.join(dir, 'jwks-private.json');
  await promisify(execFile)('rnbyc', [...RNBYC_RS256_KEY, '-o', keys]);
  const glewlwyd = await runGlewlwyd(dir, database, await freePort());
  try {
    const admin = await adminApi(glewlwyd.baseUrl);
    await configureProvider(admin, `${glewlwyd.baseUrl}/api/${OIDC_PLUGIN}`, readFileSync(keys, 'utf8'));
  } finally {
    await glewlwyd.stop();
  }
}

/** Debian's schema in one transaction (statement by statement, SQLite syncs each: seconds). */
function createSchema(database: string): void {
  const db = new DatabaseSync(database);
  try {
    db.exec(`BEGIN;\n${readFileSync(SCHEMA, 'utf8')}\nCOMMIT;`);
  } finally {
    db.close();
  }
}

/** Sets the issuer the plugin puts in discovery and tokens: the port changes with every start. */
function setIssuer(database: string, issuer: string): void {
  const db = new DatabaseSync(database);
  try {
    db.prepare(
      "UPDATE g_plugin_module_instance SET gpmi_parameters = json_set(gpmi_parameters, '$.iss', ?) WHERE gpmi_name = ?",
    ).run(issuer, OIDC_PLUGIN);
  } finally {
    db.close();
  }
}
