import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childProcessEnv } from './child-env.ts';

/** This checkout: its git history holds every release, its node_modules every dependency. */
const CHECKOUT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A release's tree as `git archive` gives it, in a fresh folder, with a node_modules of links to this checkout's
 * dependencies except its own workspaces, `@careboard/*`, which are the release's: its server
 * runs with its own contracts. `dependenciesUnlikeRelease` says whether those are the versions the
 * release locked (one whose dependencies differ would need an `npm ci` of its own here).
 */
export function extractRelease(commit: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `careboard-release-${commit.slice(0, 7)}-`));
  try {
    const archive = execFileSync('git', ['-C', CHECKOUT, 'archive', commit], {
      maxBuffer: 256 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
  } catch (error) {
    throw new Error(
      `cannot take commit ${commit} from git history (a shallow clone has no releases: fetch them with git fetch --unshallow)`,
      { cause: error },
    );
  }
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, '@careboard'), { recursive: true });
  for (const entry of readdirSync(path.join(CHECKOUT, 'node_modules'))) {
    if (entry === '@careboard' || entry.startsWith('.')) continue;
    symlinkSync(path.join(CHECKOUT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const group of ['apps', 'packages']) {
    for (const entry of readdirSync(path.join(dir, group))) {
      const manifest = path.join(dir, group, entry, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string };
      if (name.startsWith('@careboard/')) symlinkSync(path.join(dir, group, entry), path.join(modules, name));
    }
  }
  return dir;
}

interface LockedPackage {
  readonly version?: string;
  readonly dev?: boolean;
}

const lockedPackages = (text: string) =>
  (JSON.parse(text) as { packages: Record<string, LockedPackage> }).packages;

/**
 * The packages the release's package-lock.json locked for running (not dev-only) that this
 * checkout has at another version or not at all: `name locked → here`.
 */
export function dependenciesUnlikeRelease(commit: string): string[] {
  const release = lockedPackages(
    execFileSync('git', ['-C', CHECKOUT, 'show', `${commit}:package-lock.json`], {
      maxBuffer: 64 * 1024 * 1024,
    }).toString(),
  );
  const here = lockedPackages(readFileSync(path.join(CHECKOUT, 'package-lock.json'), 'utf8'));
  return Object.entries(release)
    .filter(([name, locked]) => name.startsWith('node_modules/') && !locked.dev)
    .filter(([name, locked]) => here[name]?.version !== locked.version)
    .map(
      ([name, locked]) =>
        `${name.slice('node_modules/'.length)} ${locked.version} → ${here[name]?.version ?? 'none'}`,
    );
}

export interface ServerRun {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

/** A server from its source entry point (`main.ts`) as a process, its output kept. */
export function runServer(entry: string, env: Readonly<Record<string, string>>): ServerRun {
  const child = spawn(process.execPath, [entry], {
    env: { ...childProcessEnv(), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The release's server: what its `npm start` runs after building, from source instead of the bundle. */
export const releaseServerEntry = (dir: string) => path.join(dir, 'apps/server/src/main.ts');

/** Resolves once the server says it is running; throws with its output if it ends first. */
export async function untilRunning(run: ServerRun, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (!run.output().includes('Careboard is running')) {
    if (run.child.exitCode !== null)
      throw new Error(`the server exited ${run.child.exitCode}:\n${run.output()}`);
    if (Date.now() > until) throw new Error(`the server did not start:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** SIGTERM, and its exit: a clean stop, as an operator stops it before an upgrade. */
export async function stopServer(run: ServerRun): Promise<number | null> {
  if (run.child.exitCode === null) run.child.kill('SIGTERM');
  return run.exited;
}
