import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** A process that dies is started again after this, so a crash loop does not spin. */
const RESTART_AFTER_MS = 1_000;
/** A process that has not gone this long after SIGTERM is killed. */
const STOP_WITHIN_MS = 15_000;

export interface ClusterOptions {
  readonly count: number;
  /** What each process needs besides the environment: the embedded database's address. */
  readonly env: Readonly<Record<string, string>>;
  readonly log: Logger;
}

export interface ClusterPrimary {
  /** Resolves once every process listens (each on the same port, through this one). */
  readonly listening: Promise<void>;
  /** SIGTERM to each (each closes as one node does: boards told to come back), then waits. */
  stop(): Promise<void>;
  /** Passes a signal on to every living process (SIGHUP: each reloads its TLS files, FND-44). */
  signal(name: NodeJS.Signals): void;
}

/**
 * Runs `count` server processes on one port with Node's cluster (decision LIVE-21): this process
 * accepts connections and hands them round, each process is a node of the multi-node design
 * (PostgreSQL NOTIFY for changes, Redis for socket broadcasts), and one that dies is started
 * again with the same index, so the duties of the first (MQTT without a shared subscription) return.
 */
export function startCluster(options: ClusterOptions): ClusterPrimary {
  const indexOf = new Map<Worker, number>();
  let stopping = false;
  let started = 0;
  let resolveListening: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => (resolveListening = resolve));

  const fork = (index: number) => {
    const worker = cluster.fork({ ...options.env, CAREBOARD_NODE_INDEX: String(index) });
    indexOf.set(worker, index);
    worker.once('listening', () => {
      started += 1;
      if (started === options.count) resolveListening();
    });
    worker.once('exit', (code, signal) => {
      indexOf.delete(worker);
      if (stopping) return;
      options.log.error({ node: index, code, signal }, 'a server process ended; starting it again');
      setTimeout(() => fork(index), RESTART_AFTER_MS).unref();
    });
  };
  for (let index = 0; index < options.count; index++) fork(index);

  return {
    listening,
    signal(name) {
      for (const worker of indexOf.keys()) if (!worker.isDead()) worker.process.kill(name);
    },
    async stop() {
      stopping = true;
      const workers = [...indexOf.keys()];
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const timer = setTimeout(() => worker.process.kill('SIGKILL'), STOP_WITHIN_MS);
              worker.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
