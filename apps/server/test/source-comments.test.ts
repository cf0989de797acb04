/**
 * Comments and test names cite decisions by id, never the issue tracker (decision FND-19): the
 * tracker is not in the repository, so an issue's number tells a reader nothing. Every .ts and .tsx
 * file of the repository's code is read and each line naming an issue by number is listed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './repository-files.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CODE = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
/** Installed, built or generated: not what anyone writes. */
const SKIP = new Set(['node_modules', 'dist', 'compiled', 'coverage', 'test-results', '.vite', '.git']);
/** "issue N", "Issue #N", "issues N and M", with N a number. */
const TRACKER = /\bissues? #?\d+/i;

describe('source comments', () => {
  it('name no issue of the tracker by number', () => {
    const files = CODE.flatMap((dir) =>
      filesUnder(path.join(ROOT, dir), (file) => /\.tsx?$/.test(file), SKIP),
    );
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      for (const [index, line] of readFileSync(file, 'utf8').split('\n').entries()) {
        if (TRACKER.test(line)) found.push(`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
