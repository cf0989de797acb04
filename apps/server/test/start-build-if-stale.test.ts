import { spawnSync } from 'node:child_process';
import { statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// npm test builds before the tests run: every part of the build is newer than its sources then.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCRIPT = path.join(ROOT, 'scripts/build-if-stale.ts');

const wouldBuild = () =>
  spawnSync(process.execPath, [SCRIPT, '--dry-run'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();

describe('npm start builds only what is missing or older than its sources (FND-51)', () => {
  it('builds nothing after a build, and the server alone when a server source is newer', () => {
    expect(wouldBuild()).toBe('');
    const source = path.join(ROOT, 'apps/server/src/nodes/server-bundle.ts');
    const { atime, mtime } = statSync(source);
    try {
      utimesSync(source, atime, new Date(Date.now() + 60_000));
      expect(wouldBuild()).toBe(
        "Building the server first: apps/server/src is newer than the server's build.",
      );
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(wouldBuild()).toBe('');
  });
});
