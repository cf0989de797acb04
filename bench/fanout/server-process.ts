import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/nodes/node-flags.ts';
import { SERVER_BUNDLE } from '../../apps/server/src/nodes/server-bundle.ts';
import { freePort } from '../../apps/server/src/store/free-port.ts';
import {
  afterFirstScavenge,
  INSPECT_FLAG,
  inspectorUrl,
  isInspectorNoise,
  settledRss,
  writeHeapSnapshot,
} from './heap.ts';

const BOARD_DIR = fileURLToPath(new URL('../../apps/server/test/fixtures/board-dist', import.meta.url));
const READY_WITHIN_MS = 60_000;

export interface ServerProcess {
  readonly pid: number;
  readonly publicUrl: string;
  readonly graphqlUrl: string;
  /** Its RSS after a full GC. */
  rss(): Promise<number>;
  /** Waits, at most `limitMs`, for its first young-generation collection after a full one; answers how long. */
  afterFirstScavenge(limitMs: number): Promise<number>;
  /** Writes its heap snapshot to `file`. */
  heapSnapshot(file: string): Promise<void>;
  /** SIGINT, as an operator would; SIGKILL if it has not gone within 10 s. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash would: no goodbye to the boards. With its cluster's workers. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly connectionsPerMinute: number;
  /** Every board connects from 127.0.0.1: the cap of open connections per address must hold them all. */
  readonly connectionsPerAddress: number;
  readonly profileDir: string | undefined;
  /** A port of the caller's choosing (a restart comes back on the same one); a free one otherwise. */
  readonly port?: number;
  /** Called with the process's pid as soon as it is spawned, before it loads anything. */
  readonly onSpawn?: (pid: number) => void;
  /** More environment: CAREBOARD_NODES, REDIS_URL. */
  readonly env?: Readonly<Record<string, string>>;
}

/** The real server, as `npm start` runs it, as a child process once /ready answers. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const publicUrl = `http://127.0.0.1:${port}`;
  const profile = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : [];
  // The server as `npm start` runs it: bundled (FND-33, the bench's npm script builds it first),
  // with its V8 flags (FND-31).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, INSPECT_FLAG, SERVER_BUNDLE], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: options.databaseUrl,
      CAREBOARD_DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      CAREBOARD_SIMULATOR_RATE: '0',
      CAREBOARD_BOARD_DIR: BOARD_DIR,
      CAREBOARD_LIVE_CONNECTIONS_PER_MINUTE: String(options.connectionsPerMinute),
      CAREBOARD_CONNECTIONS_PER_ADDRESS: String(options.connectionsPerAddress),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => {
    const lines = String(chunk)
      .split('\n')
      .filter((line) => line && !isInspectorNoise(line));
    output += lines.map((line) => `${line}\n`).join('');
    for (const line of lines) process.stderr.write(`[server] ${line}\n`);
  });
  const exited = once(child, 'exit');
  const inspector = inspectorUrl(child.stderr);
  try {
    await waitForReady(child, `${publicUrl}/ready`, () => output);
    await inspector;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    pid: child.pid ?? 0,
    publicUrl,
    graphqlUrl: `ws://127.0.0.1:${port}/graphql`,
    rss: async () => settledRss(child.pid ?? 0, await inspector),
    afterFirstScavenge: async (limitMs) => afterFirstScavenge(await inspector, limitMs),
    heapSnapshot: async (file) => writeHeapSnapshot(await inspector, file),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const workers = childPids(child.pid ?? 0);
      child.kill('SIGKILL');
      for (const pid of workers) process.kill(pid, 'SIGKILL');
      await exited;
    },
  };
}

/** The processes a process started (a cluster's workers). */
export function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

async function waitForReady(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const until = Date.now() + READY_WITHIN_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server was not ready within ${READY_WITHIN_MS / 1000} s:\n${output()}`);
}
