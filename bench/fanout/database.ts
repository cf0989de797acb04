import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { startEmbeddedPostgres } from '../../apps/server/src/store/embedded-postgres.ts';

export interface BenchDatabase {
  readonly url: string;
  /** The temporary folder holding the cluster; removed by stop(). */
  readonly dir: string;
  /** The postmaster's pid, to measure PostgreSQL's CPU apart from the server's. */
  postmasterPid(): number;
  stop(): Promise<void>;
}

/** A fresh embedded PostgreSQL in a temporary folder, gone again after stop(); `settings`: more server settings. */
export async function startBenchDatabase(
  settings?: Readonly<Record<string, string>>,
): Promise<BenchDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'careboard-bench-'));
  // PostgreSQL runs as the `postgres` user when we are root: it must be able to enter the folder.
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'store');
  let cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    cluster = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }), settings ? { settings } : {});
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // embedded-postgres hooks SIGINT for itself; main.ts owns the shutdown order instead.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  return {
    url: cluster.url,
    dir,
    postmasterPid: () =>
      Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]),
    async stop() {
      try {
        await cluster.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
