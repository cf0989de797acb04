import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, lockRecordFor } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'careboard-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('refuses a data directory held by another live process, naming it', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      // What that process would have written had it taken the lock: its pid and start time.
      writeFileSync(path.join(dir, 'careboard.lock'), lockRecordFor(other.pid ?? 0));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
      expect(() => acquireDataDirLock(dir)).toThrow(`(process ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that has ended', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'careboard.lock'), '2147483646');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'careboard.lock'), 'utf8')).toBe(lockRecordFor(process.pid));
    lock.release();
  });

  it('takes over a lock whose pid now belongs to an unrelated process (pid reused after a power loss)', async () => {
    const dir = tempDir();
    const unrelated = spawn('sleep', ['60']);
    try {
      const pid = unrelated.pid ?? 0;
      const [, startTime = '', boot = ''] = lockRecordFor(pid).split('\n');
      // The lock's owner started at another time than the process that now has its pid.
      writeFileSync(path.join(dir, 'careboard.lock'), `${pid}\n${Number(startTime) - 1}\n${boot}\n`);
      const lock = acquireDataDirLock(dir);
      expect(readFileSync(path.join(dir, 'careboard.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
      lock.release();

      // A lock written by an older server holds only the pid: `sleep` is no Careboard server.
      writeFileSync(path.join(dir, 'careboard.lock'), String(pid));
      acquireDataDirLock(dir).release();
      // Nor is a lock of another boot honoured.
      writeFileSync(path.join(dir, 'careboard.lock'), `${pid}\n${startTime}\nanother-boot\n`);
      acquireDataDirLock(dir).release();
      // The same record as the live process's own is honoured.
      writeFileSync(path.join(dir, 'careboard.lock'), lockRecordFor(pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    } finally {
      unrelated.kill();
    }
  });

  it('removes its lock file on release', () => {
    const dir = tempDir();
    acquireDataDirLock(dir).release();
    expect(existsSync(path.join(dir, 'careboard.lock'))).toBe(false);
  });
});
