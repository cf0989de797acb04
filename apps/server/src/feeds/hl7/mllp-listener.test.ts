import { connect, type Socket } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { MllpFrame } from './mllp-frames.ts';
import { type MllpHandler, type MllpLimits, type MllpListener, startMllpListener } from './mllp-listener.ts';

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

async function listen(handler: Partial<MllpHandler>, limits: Partial<MllpLimits> = {}): Promise<number> {
  listener = await startMllpListener({
    host: '127.0.0.1',
    port: 0,
    log: pino({ level: 'silent' }),
    limits: { ...LIMITS, ...limits },
    handler: { frame: echo, ...handler },
  });
  return listener.port;
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
