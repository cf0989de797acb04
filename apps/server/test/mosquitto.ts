import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/store/free-port.ts';

const MOSQUITTO = '/usr/sbin/mosquitto';
const MOSQUITTO_READY = /mosquitto version [\d.]+ running/;

export interface TestMosquitto {
  readonly url: string;
  readonly port: number;
  /** SIGTERM; waits for the exit and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Debian's mosquitto in the foreground on a free loopback port, anonymous clients allowed
 * (Mosquitto 2 refuses them on a `listener` unless told), no persistence, its config in a
 * folder of its own that goes with it. Stopped by its pid.
 */
export async function startMosquitto(): Promise<TestMosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'careboard-test-mosquitto-'));
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'log_dest stderr', ''].join(
      '\n',
    ),
  );
  const child = spawn(MOSQUITTO, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  // A program that is not there emits 'error' and never 'exit'.
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await untilReady(child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `mqtt://127.0.0.1:${port}`, port, stop };
}

function untilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`mosquitto did not start in time:\n${output}`)), 10_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    child.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new Error('mosquitto is not installed: run `node scripts/prerequisites.ts` (npm test does).')
          : error,
      ),
    );
    child.once('exit', (code) => fail(new Error(`mosquitto exited with ${code}:\n${output}`)));
    const read = (chunk: Buffer) => {
      output += chunk;
      if (MOSQUITTO_READY.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
  });
}
