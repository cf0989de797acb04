import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another Careboard server (process ${pid}). ` +
        'Stop that server first, or give this one its own CAREBOARD_DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const LOCK_FILE = 'careboard.lock';

/** When a process started: field 22 of /proc/<pid>/stat (clock ticks since boot); undefined off Linux. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** What the lock file says about process `pid`: its pid, start time and the boot it runs in (FND-22). */
export function lockRecordFor(pid: number): string {
  return `${pid}\n${startTimeOf(pid) ?? ''}\n${bootId() ?? ''}\n`;
}

/** An older server's lock (pid only) counts while that pid runs Careboard's server or CLI. */
function runsCareboard(pid: number): boolean {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return args.some(
      (arg) => /(?:^|\/)(?:main\.ts|careboard)$/.test(arg) || arg.includes('apps/server/src/'),
    );
  } catch {
    // No /proc here: trust the pid, as before.
    return true;
  }
}

/**
 * The process that holds a lock recorded as `record`, or undefined when the lock is stale:
 * its process ended, or the pid now belongs to a process that started at another time or
 * in another boot (the pid was reused after a power loss, decision FND-22).
 */
export function liveLockOwner(record: string): number | undefined {
  const [pidText = '', startTime = '', boot = ''] = record.split('\n').map((part) => part.trim());
  const pid = Number.parseInt(pidText, 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return undefined;
  if (!startTime) return runsCareboard(pid) ? pid : undefined;
  const currentBoot = bootId();
  if (boot && currentBoot && boot !== currentBoot) return undefined;
  const started = startTimeOf(pid);
  return started === undefined || started === startTime ? pid : undefined;
}

/**
 * One server per data directory: a lock file holding the owner's pid and start time. A lock
 * left by a process that no longer runs, or whose pid another process now has, is taken over.
 */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, lockRecordFor(process.pid));
      closeSync(fd);
      return { release: () => rmSync(lockPath, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = liveLockOwner(readFileSync(lockPath, 'utf8'));
      if (owner !== undefined && owner !== process.pid) throw new DataDirInUseError(dataDir, owner);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}.`);
}
