import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock.ts';

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
      writeFileSync(path.join(dir, 'careboard.lock'), String(other.pid));
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
    expect(readFileSync(path.join(dir, 'careboard.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('removes its lock file on release', () => {
    const dir = tempDir();
    acquireDataDirLock(dir).release();
    expect(existsSync(path.join(dir, 'careboard.lock'))).toBe(false);
  });
});
