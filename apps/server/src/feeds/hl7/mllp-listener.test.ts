import { connect, type Socket } from 'node:net';
import { Hl7Message } from '@medplum/core';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_FRAME_BYTES,
  type MllpHandler,
  type MllpLimits,
  type MllpListener,
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
};

async function listen(handler: Partial<MllpHandler>, limits: Partial<MllpLimits> = {}): Promise<number> {
  listener = await startMllpListener({
    host: '127.0.0.1',
    port: 0,
    log: pino({ level: 'silent' }),
    limits: { ...LIMITS, ...limits },
    handler: {
      message: async (m) => m.buildAck({ ackCode: 'AA' }),
      notHl7: async () => Hl7Message.parse('MSH|^~\\&|CB\rMSA|AE||not HL7'),
      ...handler,
    },
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
      message: async (m) => {
        const control = m.getSegment('MSH')?.getComponent(10, 1);
        if (control === 'SLOW') await new Promise((resolve) => setTimeout(resolve, 150));
        return m.buildAck({ ackCode: 'AA' });
      },
    });
    const { text } = await exchange(port, Buffer.concat([frame(message('SLOW')), frame(message('FAST'))]));
    const order = [...text.matchAll(/MSA\|AA\|(\w+)/g)].map((match) => match[1]);
    expect(order).toEqual(['SLOW', 'FAST']);
  });

  it('skips bytes outside frames, answers a frame that is not HL7, and goes on', async () => {
    const port = await listen({});
    // @medplum/hl7 drops the rest of a read after a frame it cannot parse (decision FEED-09):
    // the next message comes in its own read, as a sender waiting for each ACK sends it.
    const { text } = await exchange(port, [
      Buffer.concat([Buffer.from('\u0000garbage'), frame('NOT HL7'), Buffer.from('more garbage')]),
      frame(message('OK')),
    ]);
    expect(text).toContain('MSA|AE||not HL7');
    expect(text).toContain('MSA|AA|OK');
  });

  it('closes the connection without an answer when the handler has none (the sender resends)', async () => {
    const port = await listen({ message: async () => undefined });
    const { text, closed } = await exchange(port, frame(message('X')));
    expect(text).toBe('');
    expect(closed).toBe(true);
  });

  it('closes a connection whose frame never ends within the limit', async () => {
    const port = await listen({});
    const { closed } = await exchange(
      port,
      Buffer.concat([VT, Buffer.alloc(MAX_FRAME_BYTES + 10, 0x41)]),
      1_000,
    );
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
        handler: { message: async () => undefined, notHl7: async () => undefined },
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
