import path from 'node:path';
import { freePort } from '../../apps/server/src/store/free-port.ts';
import { rssBytes, treeCpuMicros, writeCalls } from '../fanout/proc.ts';
import { childPids, type ServerProcess, startServerProcess } from '../fanout/server-process.ts';

/** The server under test: one process, or a cluster of `nodes` on one port; restartable in place. */
export interface FleetServer {
  readonly publicUrl: string;
  readonly graphqlUrl: string;
  /** CPU of the server and its workers so far, µs. */
  cpuMicros(): number;
  /** Write system calls of the server's processes so far. */
  writeCalls(): number;
  /** Memory: RSS after a full GC (one process), or the sum of its processes' RSS (a cluster). */
  rss(): Promise<number>;
  /** Waits, at most `limitMs`, for the server's first young-generation collection after the weighing's full one. */
  afterFirstScavenge(limitMs: number): Promise<number>;
  /** Writes the heap snapshot of the (first) process to `file`. */
  heapSnapshot(file: string): Promise<void>;
  /** SIGKILL (a crash), then the same command again on the same port; resolves once /ready answers. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface FleetServerOptions {
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly screens: number;
  readonly nodes: number;
  readonly redisUrl: string | undefined;
  readonly profileDir: string | undefined;
  /** Each server process started (a restart starts another), as soon as it is spawned. */
  readonly onSpawn: (pid: number) => void;
}

export async function startFleetServer(options: FleetServerOptions): Promise<FleetServer> {
  const port = await freePort();
  const start = () =>
    startServerProcess({
      databaseUrl: options.databaseUrl,
      dataDir: path.join(options.dataDir, 'server'),
      // Every screen connects from 127.0.0.1: one address stands in for one per screen, each
      // allowed its 60 attempts a minute (a screen makes at most 15 in a minute, LIVE-23).
      connectionsPerMinute: options.screens * 60 + 100,
      connectionsPerAddress: options.screens * 2 + 100,
      profileDir: options.profileDir,
      onSpawn: options.onSpawn,
      port,
      env: {
        CAREBOARD_NODES: String(options.nodes),
        ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      },
    });
  let current: ServerProcess = await start();
  const pids = () => [current.pid, ...childPids(current.pid)];
  return {
    publicUrl: current.publicUrl,
    graphqlUrl: current.graphqlUrl,
    cpuMicros: () => treeCpuMicros(current.pid),
    writeCalls: () => pids().reduce((sum, pid) => sum + writeCalls(pid), 0),
    rss: async () =>
      options.nodes === 1 ? current.rss() : pids().reduce((sum, pid) => sum + rssBytes(pid), 0),
    heapSnapshot: (file) => current.heapSnapshot(file),
    // A cluster's processes have no inspector of the bench's: the settle alone.
    afterFirstScavenge: async (limitMs) => (options.nodes === 1 ? current.afterFirstScavenge(limitMs) : 0),
    async restart() {
      await current.kill();
      current = await start();
    },
    stop: () => current.stop(),
  };
}
