/**
 * HTTPS on PORT (decision FND-44): TLS_CERT_FILE and TLS_KEY_FILE make the server speak HTTPS,
 * its WebSocket upgrades (graphql-ws, socket.io) WSS; SIGHUP reloads the files (a broken file keeps
 * the old certificate), and with CAREBOARD_NODES the first process passes it on to the others;
 * files that do not load stop the start with one line; a plain-http PUBLIC_URL on an address other
 * than localhost is warned about at start. Certificates made by Debian's openssl.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'node:tls';
import { createClient } from 'graphql-ws';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { reloadTls } from '../src/http/tls.ts';
import { SERVER_SOURCE } from '../src/nodes/server-bundle.ts';
import { freePort } from '../src/store/free-port.ts';
import { childProcessEnv } from './child-env.ts';
import { selfSignedCertificate } from './test-certificates.ts';
import { createMigratedTestDatabase, createTestDatabase } from './test-database.ts';
import { FIXTURE_BOARD_DIR, startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const OPENSSL = '/usr/bin/openssl';

interface Pair {
  readonly certFile: string;
  readonly keyFile: string;
}

/** A throwaway self-signed certificate for 127.0.0.1 and localhost. */
function selfSigned(dir: string, name: string): Pair {
  return selfSignedCertificate(dir, { name, altNames: 'IP:127.0.0.1,DNS:localhost' });
}

/** What a TLS client sees: the fingerprint of the certificate the server presents. */
function servedFingerprint(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      resolve(socket.getPeerX509Certificate()?.fingerprint256 ?? '');
      socket.end();
    });
    socket.once('error', reject);
  });
}

const fingerprintOf = (pair: Pair) =>
  execFileSync(OPENSSL, ['x509', '-in', pair.certFile, '-noout', '-fingerprint', '-sha256'], {
    encoding: 'utf8',
  })
    .trim()
    .replace(/^.*=/, '');

/** The served files, replaced in place as a certificate's renewal does. */
function install(from: Pair, to: Pair): void {
  copyFileSync(from.certFile, to.certFile);
  copyFileSync(from.keyFile, to.keyFile);
}

let dir: string;
let first: Pair;
let second: Pair;
let third: Pair;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'careboard-https-'));
  first = selfSigned(dir, 'first');
  second = selfSigned(dir, 'second');
  third = selfSigned(dir, 'third');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The files a server is given, in a folder of their own. */
function servedFiles(name: string, initial: Pair): Pair {
  const served = { certFile: path.join(dir, `${name}.crt`), keyFile: path.join(dir, `${name}.key`) };
  install(initial, served);
  return served;
}

describe('the server over HTTPS (FND-44)', () => {
  let server: TestServer;
  let served: Pair;
  const ca = () => readFileSync(first.certFile);

  beforeAll(async () => {
    served = servedFiles('in-process', first);
    const port = await freePort();
    server = await startTestServer({
      port,
      env: {
        TLS_CERT_FILE: served.certFile,
        TLS_KEY_FILE: served.keyFile,
        PUBLIC_URL: `https://127.0.0.1:${port}`,
      },
    });
  });
  afterAll(() => server?.close());

  it('answers HTTPS with the certificate of TLS_CERT_FILE, and refuses plain HTTP', async () => {
    expect(server.baseUrl).toMatch(/^https:/);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(`${server.baseUrl}/ready`, { ca: ca() }, (response) => {
        response.resume();
        resolve(response.statusCode);
      })
        .once('error', reject)
        .end();
    });
    expect(status).toBe(200);
    expect(await servedFingerprint(server.config.port)).toBe(fingerprintOf(first));
    await expect(fetch(`http://127.0.0.1:${server.config.port}/ready`)).rejects.toThrow();
  });

  it('upgrades graphql-ws and socket.io over WSS on the same port', async () => {
    expect(server.config.runtime.GRAPHQL_URL).toBe(`wss://127.0.0.1:${server.config.port}/graphql`);
    const token = await accessToken(server);
    const trusted = ca();
    class TrustingWebSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { ca: trusted });
      }
    }
    const client = createClient({
      url: server.config.runtime.GRAPHQL_URL,
      webSocketImpl: TrustingWebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    const answer = await new Promise<unknown>((resolve, reject) => {
      client.subscribe({ query: '{ now }' }, { next: resolve, error: reject, complete: () => {} });
    });
    expect(answer).toMatchObject({ data: { now: expect.any(String) } });
    await client.dispose();

    const socket = io(server.config.runtime.SOCKETS_URL, {
      transports: ['websocket'],
      reconnection: false,
      query: { token },
      ca: trusted.toString(),
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(socket.io.engine.transport.name).toBe('websocket');
    } finally {
      socket.disconnect();
    }
  });

  it('reloads the files: new connections get the new certificate; a broken file keeps the old one', async () => {
    const port = server.config.port;
    const tls = server.config.tls;
    if (!tls) throw new Error('the server has no TLS files');
    const https = server.app.server as unknown as import('node:https').Server;
    install(second, served);
    expect(await reloadTls(https, tls, server.app.log as never)).toBe(true);
    expect(await servedFingerprint(port)).toBe(fingerprintOf(second));
    const reloaded = server.logs.filter((line) => line.msg === 'TLS certificate reloaded');
    expect(reloaded).toHaveLength(1);
    expect(reloaded[0]).toMatchObject({ not_after: expect.any(String), fingerprint: fingerprintOf(second) });
    expect(JSON.stringify(server.logs)).not.toContain('PRIVATE KEY');

    // A key that is not the certificate's, then a file that is not PEM: the second stays.
    copyFileSync(third.certFile, served.certFile);
    expect(await reloadTls(https, tls, server.app.log as never)).toBe(false);
    writeFileSync(served.keyFile, 'not a key');
    expect(await reloadTls(https, tls, server.app.log as never)).toBe(false);
    expect(await servedFingerprint(port)).toBe(fingerprintOf(second));
    expect(
      server.logs.filter((line) => line.msg === 'TLS files do not load; the old certificate stays'),
    ).toMatchObject([{ reason: expect.any(String) }, { reason: expect.any(String) }]);
  });
});

/** The real server process from its source; resolves once it says it runs, with what it printed. */
function startServer(env: Record<string, string>, ready = /Careboard is running[\s\S]*\n\n/) {
  const child = spawn(process.execPath, [SERVER_SOURCE], {
    env: {
      ...childProcessEnv(),
      LOG_LEVEL: 'info',
      CAREBOARD_BOARD_DIR: FIXTURE_BOARD_DIR,
      CAREBOARD_SIMULATOR_RATE: '0',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = new Promise<void>((resolve, reject) => {
    const heard = (chunk: Buffer) => {
      output += chunk;
      if (ready.test(output)) resolve();
    };
    child.stdout?.on('data', heard);
    child.stderr?.on('data', heard);
    void exited.then((code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return { child, started, exited, output: () => output };
}
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

async function until(predicate: () => boolean, what: () => string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out; the server said:\n${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const count = (text: string, line: string) => text.split(line).length - 1;

describe('the server process with TLS files (FND-44)', () => {
  it('reloads its certificate on SIGHUP, and keeps it when the new files are broken', async () => {
    const served = servedFiles('process', first);
    const port = await freePort();
    const server = startServer({
      DATABASE_URL: await createMigratedTestDatabase(),
      PORT: String(port),
      PUBLIC_URL: `https://localhost:${port}`,
      TLS_CERT_FILE: served.certFile,
      TLS_KEY_FILE: served.keyFile,
    });
    await server.started;
    expect(server.output()).toContain(`Careboard is running at https://localhost:${port}`);
    expect(server.output()).not.toContain('plain http');
    expect(await servedFingerprint(port)).toBe(fingerprintOf(first));

    install(second, served);
    server.child.kill('SIGHUP');
    await until(() => count(server.output(), 'TLS certificate reloaded') === 1, server.output);
    expect(await servedFingerprint(port)).toBe(fingerprintOf(second));

    writeFileSync(served.certFile, 'not a certificate');
    server.child.kill('SIGHUP');
    await until(
      () => server.output().includes('TLS files do not load; the old certificate stays'),
      server.output,
    );
    expect(await servedFingerprint(port)).toBe(fingerprintOf(second));
    expect(server.output()).not.toContain('PRIVATE KEY');

    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('with CAREBOARD_NODES=2, passes SIGHUP on to each server process', async () => {
    const served = servedFiles('cluster', first);
    const port = await freePort();
    const server = startServer(
      {
        DATABASE_URL: await createTestDatabase(),
        REDIS_URL: inject('redisUrl'),
        CAREBOARD_NODES: '2',
        PORT: String(port),
        PUBLIC_URL: `https://localhost:${port}`,
        TLS_CERT_FILE: served.certFile,
        TLS_KEY_FILE: served.keyFile,
      },
      /Server processes:[\s\S]*\n\n/,
    );
    await server.started;
    install(second, served);
    server.child.kill('SIGHUP');
    await until(() => count(server.output(), 'TLS certificate reloaded') === 2, server.output);
    // Connections are handed round the processes: every one now presents the new certificate.
    const seen = await Promise.all(Array.from({ length: 6 }, () => servedFingerprint(port)));
    expect(new Set(seen)).toEqual(new Set([fingerprintOf(second)]));
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('stops at start with one line when a file does not load', async () => {
    const missing = path.join(dir, 'missing.key');
    const server = startServer({
      DATABASE_URL: await createMigratedTestDatabase(),
      PORT: String(await freePort()),
      TLS_CERT_FILE: first.certFile,
      TLS_KEY_FILE: missing,
    });
    server.started.catch(() => undefined);
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`TLS_KEY_FILE (${missing}) do not load`);
    expect(lines[0]).toContain('ENOENT');
  }, 60_000);

  it('warns at start when PUBLIC_URL is plain http on an address other than localhost', async () => {
    const port = await freePort();
    const server = startServer({
      DATABASE_URL: await createMigratedTestDatabase(),
      PORT: String(port),
      CAREBOARD_DEMO: 'off',
      PUBLIC_URL: `http://careboard.hospital.example:${port}`,
    });
    await server.started;
    expect(server.output()).toContain(
      `  Warning: PUBLIC_URL http://careboard.hospital.example:${port} is plain http on an address other than localhost:\n`,
    );
    expect(server.output()).toContain('Set TLS_CERT_FILE and TLS_KEY_FILE');
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  }, 60_000);
});
