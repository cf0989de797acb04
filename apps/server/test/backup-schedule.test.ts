/**
 * Scheduled backups (decision FND-47): one every interval, the newest CAREBOARD_BACKUP_KEEP kept,
 * each 0600 and whole; a failure is one `error` line with its reason, and the customers' admins
 * see it through GET /api/service/backups, without the folder or the reason.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBackup } from '../src/backup/backup-file.ts';
import { backupTimeOf } from '../src/backup/backup-names.ts';
import { startScheduledBackups } from '../src/backup/scheduled-backups.ts';
import { createLogger } from '../src/http/logger.ts';
import { readBackupStatus } from '../src/store/backup-status.ts';
import { openDatabase } from '../src/store/database.ts';
import { apiClient } from './api-client.ts';
import { createMigratedTestDatabase } from './test-database.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const ADMIN_SCOPE = 'access:display-board read:kiosks write:* update:customer*';
let dir: string;
let server: TestServer;
let notAFolder: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'careboard-scheduled-'));
  // A folder under a file: every backup there fails (ENOTDIR), as a lost mount might.
  notAFolder = path.join(dir, 'a-file');
  writeFileSync(notAFolder, '');
  server = await startTestServer({ env: { CAREBOARD_BACKUP_DIR: path.join(notAFolder, 'backups') } });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('scheduled backups', () => {
  it('make one every interval and keep the newest KEEP, each 0600 and whole', async () => {
    const databaseUrl = await createMigratedTestDatabase();
    const db = openDatabase(databaseUrl);
    const folder = path.join(dir, 'backups');
    const logs: Record<string, unknown>[] = [];
    const log = createLogger(
      'info',
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
          done();
        },
      }),
    );
    const written = () => logs.filter((line) => line.msg === 'backup written');
    // Names are to the second: an interval of a little more keeps them apart.
    const work = startScheduledBackups({ db, databaseUrl, dir: folder, everyMs: 1_100, keep: 2, log });
    try {
      await waitFor(() => written().length >= 4, 30_000, 'four backups');
    } finally {
      await work.stop();
    }
    const files = readdirSync(folder).sort();
    const newest = written()
      .map((line) => path.basename(String(line.file)))
      .sort()
      .slice(-2);
    expect(files).toEqual(newest);
    for (const name of files) {
      expect(backupTimeOf(name)).toBeInstanceOf(Date);
      expect(statSync(path.join(folder, name)).mode & 0o777).toBe(0o600);
      const verified = await verifyBackup(path.join(folder, name));
      expect(verified.tables.map((table) => table.name)).toContain('identity_keys');
    }
    expect((await readBackupStatus(db)).last_success_at).toBeInstanceOf(Date);
    await db.destroy();
  }, 60_000);

  it('a failure is one error line with its reason, and admins see it failing, without its folder', async () => {
    await waitFor(
      () => server.logs.some((line) => String(line.msg).startsWith('backup failed:')),
      20_000,
      'the failure logged',
    );
    const failures = server.logs.filter((line) => String(line.msg).startsWith('backup failed:'));
    expect(failures[0]).toMatchObject({ level: 50, reason: expect.stringContaining('ENOTDIR') });
    const adminId = 'admin-of-demo';
    const admin = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE, sub: adminId }));
    const answer = await admin('GET', '/service/backups');
    expect(answer).toMatchObject({
      status: 200,
      body: {
        scheduled: true,
        every_hours: 24,
        last_success_at: null,
        last_failure_at: expect.any(String),
        failing: true,
      },
    });
    expect(JSON.stringify(answer.body)).not.toContain(notAFolder);
    expect(JSON.stringify(answer.body)).not.toContain('ENOTDIR');
    const staff = await apiClient(
      server,
      await accessToken(server, { scope: 'access:display-board read:patients write:patients' }),
    );
    expect((await staff('GET', '/service/backups')).status).toBe(403);
  });
});
