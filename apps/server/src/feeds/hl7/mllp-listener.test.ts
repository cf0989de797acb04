import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { BlockList, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ConnectionOptions, connect as tlsConnect } from 'node:tls';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MllpFrame } from './mllp-frames.ts';
import {
  type MllpHandler,
  type MllpLimits,
  type MllpListener,
  type MllpListenerOptions,
  startMllpListener,
} from './mllp-listener.ts';

const VT = Buffer.from([0x0b]);
const END = Buffer.from([0x1c, 0x0d]);
const frame = (text: string) => Buffer.concat([VT, Buffer.from(text), END]);
const message = (control: string) => `MSH|^~\\&|EHR|HOSP|CB|demo|20261124||ADT^A04|${control}|P|2.5.1`;

let listener: MllpListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

/** Writes bytes and reads what comes back until the server closes or `waitMs` passes. */
function exchange(
  port: number,
  bytes: Buffer | readonly Buffer[],
  waitMs = 500,
): Promise<{ text: string; closed: boolean }> {
  const writes = Buffer.isBuffer(bytes) ? [bytes] : bytes;
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      // Each write 100 ms after the last, so each arrives as its own read.
      for (const [i, chunk] of writes.entries()) setTimeout(() => socket.write(chunk), i * 100);
    });
    let text = '';
    let closed = false;
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => (closed = true));
    setTimeout(() => {
      socket.destroy();
      resolve({ text, closed });
    }, waitMs);
  });
}

const LIMITS: MllpLimits = {
  idleTimeoutMs: 60_000,
  frameTimeoutMs: 30_000,
  connectionsPerAddress: 8,
  connections: 128,
  maxFrameBytes: 64 * 1024,
};

/** MSH-10 of a frame's first message, read from its bytes; '' when it has none. */
const controlOf = (bytes: Buffer) => {
  const msh = bytes.toString('latin1').split('\r')[0] ?? '';
  return msh.startsWith('MSH|') ? (msh.split('|')[9] ?? '') : '';
};

/** Answers AA with the frame's MSH-10, AE for a frame with no MSH, AR for one over the limit. */
const echo = async (frame: MllpFrame) => {
  if (frame.kind === 'oversize')
    return [Buffer.from(`MSH|^~\\&|CB\rMSA|AR|${controlOf(frame.head)}|${frame.size} bytes`)];
  const control = controlOf(frame.bytes);
  return [Buffer.from(control ? `MSH|^~\\&|CB\rMSA|AA|${control}` : 'MSH|^~\\&|CB\rMSA|AE||not HL7')];
};

type MoreOptions = Partial<Pick<MllpListenerOptions, 'host' | 'log' | 'allow' | 'tls'>>;

async function listen(
  handler: Partial<MllpHandler>,
  limits: Partial<MllpLimits> = {},
  more: MoreOptions = {},
): Promise<number> {
  listener = await startMllpListener({
    host: '127.0.0.1',
    port: 0,
    log: pino({ level: 'silent' }),
    limits: { ...LIMITS, ...limits },
    handler: { frame: echo, ...handler },
    ...more,
  });
  return listener.port;
}

/** A logger whose lines are kept, parsed, for a test to read. */
function keptLog() {
  const lines: { level: number; msg: string; [field: string]: unknown }[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines, said: (msg: string) => lines.filter((line) => line.msg === msg) };
}

/** A handler that answers as `echo` does and keeps the MSH-10 of every frame it was handed. */
function recording() {
  const seen: string[] = [];
  const frame = async (frame: MllpFrame) => {
    if (frame.kind === 'frame') seen.push(controlOf(frame.bytes));
    return echo(frame);
  };
  return { seen, handler: { frame } };
}

/** Whether a connection is closed within `ms` (a refused one is closed at once). */
const closedWithin = (closed: Promise<void>, ms: number) =>
  Promise.race([closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(resolve, ms, false))]);

/** Waits for a condition, polling; fails after `ms`. */
async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A connection from a loopback address of the test's choosing; resolves once it is open. */
function openFrom(port: number, localAddress: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => resolve({ socket, closed }));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', reject);
    socket.on('error', () => {});
  });
}

/** Sends one message on an open socket and resolves with the first answer's text. */
function answerOf(socket: Socket, control: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!text.includes('\u001c\r')) return;
      socket.off('data', onData);
      resolve(text);
    };
    socket.on('data', onData);
    socket.write(frame(message(control)));
  });
}

describe('the MLLP listener', () => {
  it('answers the messages of one connection in the order they came, even when the first is slow', async () => {
    const port = await listen({
      frame: async (frame) => {
        if (frame.kind === 'frame' && controlOf(frame.bytes) === 'SLOW') {
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
        return echo(frame);
      },
    });
    const { text } = await exchange(port, Buffer.concat([frame(message('SLOW')), frame(message('FAST'))]));
    const order = [...text.matchAll(/MSA\|AA\|(\w+)/g)].map((match) => match[1]);
    expect(order).toEqual(['SLOW', 'FAST']);
  });

  it('skips bytes outside frames, answers a frame that is not HL7, and goes on in the same read', async () => {
    const port = await listen({});
    const { text } = await exchange(
      port,
      Buffer.concat([
        Buffer.from('\u0000garbage'),
        frame('NOT HL7'),
        Buffer.from('more garbage'),
        frame(message('OK')),
      ]),
    );
    expect(text).toContain('MSA|AE||not HL7');
    expect(text).toContain('MSA|AA|OK');
  });

  it('reads a frame over the limit to its end, hands over its head and size, and keeps the connection', async () => {
    const port = await listen({});
    const big = `${message('BIG')}\rNTE|1||${'x'.repeat(200 * 1024)}`;
    const { text, closed } = await exchange(port, [frame(big), frame(message('AFTER'))], 1_000);
    expect(text).toContain(`MSA|AR|BIG|${Buffer.byteLength(big)} bytes`);
    expect(text).toContain('MSA|AA|AFTER');
    expect(closed).toBe(false);
  });

  it('closes the connection without an answer when the handler has none (the sender resends)', async () => {
    const port = await listen({ frame: async () => undefined });
    const { text, closed } = await exchange(port, frame(message('X')));
    expect(text).toBe('');
    expect(closed).toBe(true);
  });

  it('closes a connection that sends more bytes outside any frame than a frame may hold', async () => {
    const port = await listen({});
    const { closed } = await exchange(port, Buffer.alloc(LIMITS.maxFrameBytes + 10, 0x41), 1_000);
    expect(closed).toBe(true);
  });

  it('refuses to start on a port in use instead of waiting for it', async () => {
    const port = await listen({});
    await expect(
      startMllpListener({
        host: '127.0.0.1',
        port,
        log: pino({ level: 'silent' }),
        limits: LIMITS,
        handler: { frame: async () => undefined },
      }),
    ).rejects.toThrow(/EADDRINUSE/);
  });

  it('closes a connection that sends nothing within the idle timeout, and keeps one that keeps sending', async () => {
    const port = await listen({}, { idleTimeoutMs: 300 });
    const opened = Date.now();
    const quiet = await openFrom(port, '127.0.0.1');
    const quietFor = quiet.closed.then(() => Date.now() - opened);
    const busy = await openFrom(port, '127.0.0.2');
    let busyClosed = false;
    void busy.closed.then(() => (busyClosed = true));
    // Eight messages 100 ms apart: 800 ms in all, longer than the idle timeout, never idle that long.
    for (let i = 0; i < 8; i += 1) {
      expect(await answerOf(busy.socket, `BUSY-${i}`)).toContain(`MSA|AA|BUSY-${i}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Cut at its idle timeout (timers fire no earlier than asked), while the busy one went on.
    expect(await quietFor).toBeGreaterThanOrEqual(300);
    expect(await quietFor).toBeLessThan(1_000);
    expect(busyClosed).toBe(false);
    busy.socket.destroy();
  });

  it('closes a connection beyond its address’s cap or the total cap at once, and keeps the others', async () => {
    const port = await listen({}, { connectionsPerAddress: 2, connections: 3 });
    const first = await openFrom(port, '127.0.0.2');
    const second = await openFrom(port, '127.0.0.2');
    // A third from the same address: closed at once, before it sends a byte.
    await (await openFrom(port, '127.0.0.2')).closed;
    const other = await openFrom(port, '127.0.0.3');
    // The fourth in all, from an address with none: closed at once too.
    await (await openFrom(port, '127.0.0.4')).closed;
    for (const [i, kept] of [first, second, other].entries()) {
      expect(await answerOf(kept.socket, `KEPT-${i}`)).toContain(`MSA|AA|KEPT-${i}`);
    }
    for (const kept of [first, second, other]) kept.socket.destroy();
  });
});

const rangesOf = (...entries: string[]) => {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix = '32'] = entry.split('/');
    list.addSubnet(address, Number(prefix), 'ipv4');
  }
  return list;
};

describe('the MLLP listener’s allow-list (decision FEED-66)', () => {
  it('closes a connection from an address not on it at once, unread, warns once a minute, and answers one on it', async () => {
    const { log, said } = keptLog();
    const { seen, handler } = recording();
    const port = await listen(handler, {}, { log, allow: rangesOf('127.0.0.2/32') });
    for (const control of ['REFUSED-1', 'REFUSED-2']) {
      const refused = await openFrom(port, '127.0.0.3');
      refused.socket.write(frame(message(control)));
      expect(await closedWithin(refused.closed, 1_000)).toBe(true);
      refused.socket.destroy();
    }
    const allowed = await openFrom(port, '127.0.0.2');
    expect(await answerOf(allowed.socket, 'ALLOWED')).toContain('MSA|AA|ALLOWED');
    allowed.socket.destroy();
    expect(seen).toEqual(['ALLOWED']);
    expect(said('HL7: connection from an address not allowed').map((line) => line.address)).toEqual([
      '127.0.0.3',
    ]);
  });

  it('checks an IPv4-mapped IPv6 address (a listener on ::) against the IPv4 ranges', async () => {
    const port = await listen({}, {}, { host: '::', allow: rangesOf('127.0.0.2/32') });
    const allowed = await openFrom(port, '127.0.0.2');
    expect(await answerOf(allowed.socket, 'MAPPED')).toContain('MSA|AA|MAPPED');
    allowed.socket.destroy();
    const refused = await openFrom(port, '127.0.0.3');
    expect(await closedWithin(refused.closed, 1_000)).toBe(true);
    refused.socket.destroy();
  });
});

/** Debian's openssl, which makes the tests' certificates (node:crypto cannot). */
const OPENSSL = '/usr/bin/openssl';

/** A throwaway self-signed certificate for 127.0.0.1. */
function selfSigned(dir: string, name: string) {
  const certFile = path.join(dir, `${name}-cert.pem`);
  const keyFile = path.join(dir, `${name}-key.pem`);
  execFileSync(
    OPENSSL,
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${name}`],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}

interface TlsExchange {
  /** Whether the client's side of the handshake ended (under TLS 1.3, before the server checked its certificate). */
  readonly secure: boolean;
  /** SHA-256 fingerprint of the certificate the server presented. */
  readonly fingerprint: string | undefined;
  readonly text: string;
  readonly closed: boolean;
}

/**
 * A TLS client from `localAddress` that sends bytes once secure, and reads until an answer ends,
 * the server closes, or 2 s pass.
 */
function tlsExchange(
  port: number,
  options: ConnectionOptions,
  bytes: Buffer,
  localAddress = '127.0.0.1',
): Promise<TlsExchange> {
  return new Promise((resolve) => {
    let secure = false;
    let fingerprint: string | undefined;
    let text = '';
    const tcp = connect({ host: '127.0.0.1', port, localAddress });
    const socket = tlsConnect({ socket: tcp, host: '127.0.0.1', ...options }, () => {
      secure = true;
      fingerprint = socket.getPeerX509Certificate()?.fingerprint256;
      socket.write(bytes);
    });
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ secure, fingerprint, text, closed });
    };
    const timer = setTimeout(() => done(false), 2_000);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\u001c\r')) done(false);
    });
    socket.on('error', () => {});
    tcp.on('error', () => {});
    socket.on('close', () => done(true));
  });
}

const fingerprintOf = (certFile: string) => new X509Certificate(readFileSync(certFile)).fingerprint256;

describe('MLLP over TLS (decision FEED-66)', () => {
  let dir: string;
  let server: { certFile: string; keyFile: string };
  let client: { certFile: string; keyFile: string };
  let stranger: { certFile: string; keyFile: string };
  const read = (file: string) => readFileSync(file);

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'careboard-mllp-tls-'));
    server = selfSigned(dir, 'server');
    client = selfSigned(dir, 'client');
    stranger = selfSigned(dir, 'stranger');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const trusting = () => ({ ca: read(server.certFile) });

  it('answers a frame over TLS, closes a plain MLLP client unanswered, and answers the next TLS client', async () => {
    const { log, said } = keptLog();
    const { seen, handler } = recording();
    const port = await listen(handler, {}, { log, tls: server });
    const first = await tlsExchange(port, trusting(), frame(message('TLS-1')));
    expect(first).toMatchObject({ secure: true, fingerprint: fingerprintOf(server.certFile) });
    expect(first.text).toContain('MSA|AA|TLS-1');
    const plain = await exchange(port, frame(message('PLAIN')), 1_000);
    expect(plain.closed).toBe(true);
    expect(plain.text).not.toContain('MSA');
    const next = await tlsExchange(port, trusting(), frame(message('TLS-2')));
    expect(next.text).toContain('MSA|AA|TLS-2');
    expect(seen).toEqual(['TLS-1', 'TLS-2']);
    expect(said('HL7: not TLS on the TLS port (plain MLLP?); connection closed')).toHaveLength(1);
  });

  it('refuses a client that offers only TLS 1.1', async () => {
    const port = await listen({}, {}, { tls: server });
    const old = await tlsExchange(
      port,
      { ...trusting(), minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' },
      frame(message('OLD')),
    );
    expect(old).toMatchObject({ secure: false, text: '', closed: true });
  });

  it('closes a connection whose handshake does not end within the frame timeout', async () => {
    const { log, said } = keptLog();
    const port = await listen({}, { frameTimeoutMs: 300 }, { log, tls: server });
    const opened = Date.now();
    const silent = await openFrom(port, '127.0.0.2');
    expect(await closedWithin(silent.closed, 1_500)).toBe(true);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(290);
    silent.socket.destroy();
    expect(said('HL7: no TLS handshake within the frame timeout; connection closed')).toHaveLength(1);
  });

  it('with a CA file, refuses a client with no certificate or one from elsewhere, and answers one from the CA', async () => {
    const { log, said } = keptLog();
    const { seen, handler } = recording();
    // The client's self-signed certificate is its own CA; the stranger's is not from it.
    const port = await listen(handler, {}, { log, tls: { ...server, caFile: client.certFile } });
    const none = await tlsExchange(port, trusting(), frame(message('NO-CERT')));
    expect(none).toMatchObject({ text: '', closed: true });
    const elsewhere = await tlsExchange(
      port,
      { ...trusting(), cert: read(stranger.certFile), key: read(stranger.keyFile) },
      frame(message('STRANGER')),
    );
    expect(elsewhere).toMatchObject({ text: '', closed: true });
    const known = await tlsExchange(
      port,
      { ...trusting(), cert: read(client.certFile), key: read(client.keyFile) },
      frame(message('KNOWN')),
    );
    expect(known.text).toContain('MSA|AA|KNOWN');
    expect(seen).toEqual(['KNOWN']);
    expect(said('HL7: TLS handshake failed; connection closed')).toMatchObject([
      { code: 'ERR_SSL_PEER_DID_NOT_RETURN_A_CERTIFICATE' },
    ]);
    expect(said('HL7: a client certificate not from the CA file; connection closed')).toMatchObject([
      { reason: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
    ]);
  });

  it('takes a renewed certificate for new connections, and keeps it when the next files do not load', async () => {
    const files = {
      certFile: path.join(dir, 'renewed-cert.pem'),
      keyFile: path.join(dir, 'renewed-key.pem'),
    };
    writeFileSync(files.certFile, read(server.certFile));
    writeFileSync(files.keyFile, read(server.keyFile));
    const { log, said } = keptLog();
    const port = await listen({}, {}, { log, tls: { ...files, renewalCheckMs: 100 } });
    const before = await tlsExchange(port, trusting(), frame(message('OLD')));
    expect(before.fingerprint).toBe(fingerprintOf(server.certFile));

    const renewed = selfSigned(dir, 'renewal');
    writeFileSync(files.keyFile, read(renewed.keyFile));
    writeFileSync(files.certFile, read(renewed.certFile));
    await until(() => said('HL7: TLS certificate reloaded').length > 0);
    const after = await tlsExchange(port, { ca: read(renewed.certFile) }, frame(message('NEW')));
    expect(after.fingerprint).toBe(fingerprintOf(renewed.certFile));
    expect(after.text).toContain('MSA|AA|NEW');
    const reloaded = said('HL7: TLS certificate reloaded');
    expect(reloaded.at(-1)?.not_after).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.stringify(reloaded)).not.toContain('PRIVATE KEY');

    const warned = said('HL7: TLS files changed but do not load; the old certificate stays').length;
    writeFileSync(files.certFile, 'not a certificate');
    await until(
      () => said('HL7: TLS files changed but do not load; the old certificate stays').length > warned,
    );
    const still = await tlsExchange(port, { ca: read(renewed.certFile) }, frame(message('STILL')));
    expect(still.fingerprint).toBe(fingerprintOf(renewed.certFile));
    expect(still.text).toContain('MSA|AA|STILL');
  });

  it('refuses an address not on its allow-list before the handshake, and counts the caps from accept to close', async () => {
    const { log, said } = keptLog();
    const port = await listen(
      {},
      { connectionsPerAddress: 1 },
      { log, tls: server, allow: rangesOf('127.0.0.2/32') },
    );
    const refused = await tlsExchange(port, trusting(), frame(message('NO')), '127.0.0.3');
    expect(refused).toMatchObject({ secure: false, text: '', closed: true });
    expect(said('HL7: connection from an address not allowed').map((line) => line.address)).toEqual([
      '127.0.0.3',
    ]);

    // One TLS connection held: a second from its address is closed at once, without a handshake.
    const held = await openTls(port, '127.0.0.2');
    const second = await openFrom(port, '127.0.0.2');
    expect(await closedWithin(second.closed, 1_000)).toBe(true);
    second.socket.destroy();
    held.destroy();
    // Its slot comes back once the server has seen it close.
    let again = '';
    for (let attempt = 0; attempt < 20 && !again.includes('MSA|AA|AGAIN'); attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      again = (await tlsExchange(port, trusting(), frame(message('AGAIN')), '127.0.0.2')).text;
    }
    expect(again).toContain('MSA|AA|AGAIN');
  });

  /** A TLS connection from `localAddress`, open once secure. */
  function openTls(port: number, localAddress: string) {
    return new Promise<ReturnType<typeof tlsConnect>>((resolve, reject) => {
      const tcp = connect({ host: '127.0.0.1', port, localAddress });
      const socket = tlsConnect({ socket: tcp, host: '127.0.0.1', ...trusting() }, () => resolve(socket));
      socket.once('error', reject);
    });
  }
});
