/**
 * Demo data is for a laptop (decision FND-38): the demo accounts' password is in the README, so a
 * server with demo data and no HOST listens on loopback only and says how to open it; with HOST
 * set to an address others reach it warns. The real server process (main.ts), on a test database.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_SOURCE } from '../src/nodes/server-bundle.ts';
import { freePort } from '../src/store/free-port.ts';
import { childProcessEnv } from './child-env.ts';
import { createMigratedTestDatabase } from './test-database.ts';
import { FIXTURE_BOARD_DIR } from './test-server.ts';

let databaseUrl: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  databaseUrl = await createMigratedTestDatabase();
});
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

/** A server from its source with this environment; resolves once it says it runs, with what it printed. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; output: string }> {
  const child = spawn(process.execPath, [SERVER_SOURCE], {
    env: {
      ...childProcessEnv(),
      LOG_LEVEL: 'warn',
      CAREBOARD_BOARD_DIR: FIXTURE_BOARD_DIR,
      CAREBOARD_SIMULATOR_RATE: '0',
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const heard = (chunk: Buffer) => {
      output += chunk;
      // The block of addresses is written at once, ending in an empty line.
      if (/Careboard is running[\s\S]*\n\n/.test(output)) resolve({ child, output });
    };
    child.stdout?.on('data', heard);
    child.stderr?.on('data', heard);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

/** `0100007F` (little-endian hex, as /proc/net/tcp writes it) → `127.0.0.1`; IPv6 as the kernel's hex. */
function addressOf(hex: string): string {
  if (hex.length !== 8) return hex === '0'.repeat(32) ? '::' : `ipv6:${hex}`;
  return [6, 4, 2, 0].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join('.');
}

/** The local addresses sockets listen on for `port`, as the kernel says (/proc/net/tcp and tcp6). */
function listeningAddresses(port: number): string[] {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === '0A' && fields[1]?.endsWith(`:${portHex}`))
      .map((fields) => addressOf((fields[1] ?? '').split(':')[0] ?? '')),
  );
}

describe('where a server with demo data listens (FND-38)', () => {
  it('without HOST: on 127.0.0.1 only, and it says how to listen on every interface', async () => {
    const port = await freePort();
    const { child, output } = await startServer({ PORT: String(port) });
    try {
      expect(listeningAddresses(port)).toEqual(['127.0.0.1']);
      expect(output).toContain("  Listening on 127.0.0.1 only: the demo accounts' password is public.\n");
      expect(output).toContain('  Set HOST=0.0.0.0 to listen on every interface.\n');
      expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
    } finally {
      await stop(child);
    }
  }, 60_000);

  it('with HOST set to every interface: there, with a warning that the demo password is public', async () => {
    const port = await freePort();
    const { child, output } = await startServer({ PORT: String(port), HOST: '0.0.0.0' });
    try {
      expect(listeningAddresses(port)).toEqual(['0.0.0.0']);
      expect(output).toContain(
        '  Warning: demo data on HOST=0.0.0.0: anyone who reaches it can sign in as admin@demo.test\n',
      );
      expect(output).not.toContain('Listening on');
    } finally {
      await stop(child);
    }
  }, 60_000);
});
