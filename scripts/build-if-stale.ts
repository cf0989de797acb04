/**
 * `npm start` runs this before the server: it builds only when a part of the build is missing or
 * older than the newest of its sources (decision FND-51), a make-style check of file times. A
 * checkout or a pull gives the files it changes a new time, so it rebuilds; a plain restart does not.
 * `--server` checks the server's bundle alone (apps/server's own `npm start`); `--dry-run` says what
 * it would build and builds nothing.
 * Node 24 runs it directly (type stripping), so it imports nothing but node:*.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Part {
  readonly name: string;
  /** A file the build writes last or alone: its time is the build's. */
  readonly output: string;
  /** Files and folders whose newest file time the output must not be older than. */
  readonly sources: readonly string[];
  readonly build: readonly string[];
}

const SHARED = ['packages/contracts/src', 'package-lock.json'];
const WEB = [...SHARED, 'packages/web-client/src', 'packages/speech/src'];

const PARTS: readonly Part[] = [
  {
    name: 'the server',
    output: 'apps/server/dist/server/main.mjs',
    sources: [...SHARED, 'apps/server/src', 'apps/server/scripts/bundle.ts', 'apps/server/package.json'],
    build: ['run', 'build', '-w', '@careboard/server'],
  },
  {
    name: 'the board',
    output: 'apps/board/dist/index.html',
    sources: [...WEB, 'apps/board/src', 'apps/board/index.html', 'apps/board/vite.config.ts'],
    build: ['run', 'build', '-w', '@careboard/board'],
  },
  {
    name: 'the console',
    output: 'apps/console/dist/index.html',
    sources: [...WEB, 'apps/console/src', 'apps/console/index.html', 'apps/console/vite.config.ts'],
    build: ['run', 'build', '-w', '@careboard/console'],
  },
];

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(file)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(file, entry)));
  }
  return latest;
}

/** Why a part must be built, or undefined when its build is there and newer than its sources. */
function whyBuild(root: string, part: Part): string | undefined {
  const output = path.join(root, part.output);
  if (!existsSync(output)) return `${part.name} is not built`;
  const built = statSync(output).mtimeMs;
  const changed = part.sources.find((source) => newest(path.join(root, source)) > built);
  return changed ? `${changed} is newer than ${part.name}'s build` : undefined;
}

const parts = process.argv.includes('--server') ? PARTS.slice(0, 1) : PARTS;
for (const part of parts) {
  const why = whyBuild(ROOT, part);
  if (!why) continue;
  process.stdout.write(`Building ${part.name} first: ${why}.\n`);
  if (process.argv.includes('--dry-run')) continue;
  const built = spawnSync('npm', part.build, { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
