import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The containers.conf this machine needs (toolchain.md): runc, and ulimits within the ones the
 * test's own process has (crun's setrlimit is refused here). Written in `dir`; its path is what
 * CONTAINERS_CONF names for podman and buildah.
 */
export function containersConf(dir: string): string {
  const file = path.join(dir, 'containers.conf');
  writeFileSync(
    file,
    '[containers]\ndefault_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]\n[engine]\nruntime = "runc"\n',
  );
  return file;
}

/** podman with that configuration; its output as text. */
export function podman(conf: string, args: readonly string[]): SpawnSyncReturns<string> {
  return spawnSync('podman', args, {
    encoding: 'utf8',
    env: { ...process.env, CONTAINERS_CONF: conf },
    timeout: 120_000,
  });
}

/** Removes an image a test built (images live in /var/lib/containers/storage). */
export function removeImage(conf: string, tag: string): void {
  podman(conf, ['rmi', '-f', tag]);
}
