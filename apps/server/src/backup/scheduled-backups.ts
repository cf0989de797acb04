import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Work } from '../store/advisory-lock.ts';
import { recordBackupOutcome } from '../store/backup-status.ts';
import type { Db } from '../store/database.ts';
import { backupFileName, backupTimeOf } from './backup-names.ts';
import { writeBackup } from './write-backup.ts';

export interface ScheduledBackupsOptions {
  readonly db: Db;
  readonly databaseUrl: string;
  readonly dir: string;
  readonly everyMs: number;
  readonly keep: number;
  readonly log: Logger;
}

/** After a failure the next try comes sooner than a whole interval, but not in a tight loop. */
const RETRY_AFTER_FAILURE_MS = 15 * 60_000;
/** The longest a timer waits at once (Node's timers hold about 24.8 days). */
const LONGEST_WAIT_MS = 24 * 3_600_000;

/**
 * Backups on a schedule (decision FND-47), run by one node at a time (runOnOneNode): the first
 * when the newest backup in the folder is an interval old (at once when there is none, so a
 * restart neither skips one nor makes one early), then one every interval; each written whole
 * or not at all (writeBackup), then all but the newest `keep` of the folder's backups removed.
 * A failure is one `error` line with its reason and a row for the console (GET /api/service/backups).
 */
export function startScheduledBackups(options: ScheduledBackupsOptions): Work {
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  // A server stopping does not wait for a backup under way: it is cut, and its partial file removed.
  const stopping = new AbortController();

  const schedule = (inMs: number) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = runOnce().finally(() => {
          running = undefined;
        });
      },
      Math.max(0, Math.min(inMs, LONGEST_WAIT_MS)),
    );
    timer.unref();
  };

  const runOnce = async () => {
    const newest = await newestBackupTime(options.dir).catch(() => undefined);
    const dueIn = newest ? newest.getTime() + options.everyMs - Date.now() : 0;
    if (dueIn > 0) return schedule(dueIn);
    const at = new Date();
    try {
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      const written = await writeBackup(
        options.databaseUrl,
        path.join(options.dir, backupFileName(at)),
        stopping.signal,
      );
      const removed = await keepNewest(options.dir, options.keep);
      options.log.info(
        { file: written.file, bytes: written.bytes, rows: written.rows, removed },
        'backup written',
      );
      await recordBackupOutcome(options.db, { at }).catch((error: unknown) =>
        options.log.warn({ err: error }, 'could not record the backup'),
      );
      schedule(options.everyMs);
    } catch (error) {
      if (stopped) return;
      const reason = error instanceof Error ? error.message : String(error);
      options.log.error({ reason, dir: options.dir }, `backup failed: ${reason}`);
      await recordBackupOutcome(options.db, { at, failure: reason }).catch(() => undefined);
      schedule(Math.min(options.everyMs, RETRY_AFTER_FAILURE_MS));
    }
  };

  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopping.abort();
      await running;
    },
  };
}

async function newestBackupTime(dir: string): Promise<Date | undefined> {
  const times = (await readdir(dir)).map(backupTimeOf).filter((at): at is Date => at !== undefined);
  return times.sort((a, b) => b.getTime() - a.getTime())[0];
}

/** Removes all but the newest `keep` backups of the folder (only files named as ours); how many went. */
export async function keepNewest(dir: string, keep: number): Promise<number> {
  const ours = (await readdir(dir)).filter((name) => backupTimeOf(name) !== undefined).sort();
  const doomed = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of doomed) await rm(path.join(dir, name), { force: true });
  return doomed.length;
}
