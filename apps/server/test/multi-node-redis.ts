import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/store/free-port.ts';

const REDIS_READY = /Ready to accept connections/;

export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** SIGTERM, or SIGKILL to play a crash; waits for the exit and removes its folder. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * redis-server in the foreground on a loopback port (a free one unless given, e.g. to restart
 * one in place): no persistence, in a folder of its own that goes with it.
 */
export async function startRedis(port?: number): Promise<TestRedis> {
  port ??= await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'careboard-test-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // A program that is not there emits 'error' and never 'exit'.
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await untilReady(child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop };
}

function untilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`redis-server did not start in time:\n${output}`)), 10_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    child.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new Error('redis-server is not installed: run `node scripts/prerequisites.ts` (npm test does).')
          : error,
      ),
    );
    child.once('exit', (code) => fail(new Error(`redis-server exited with ${code}:\n${output}`)));
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (REDIS_READY.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (chunk) => (output += chunk));
  });
}
