import { connect } from 'node:net';
import { Hl7Message } from '@medplum/core';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, type MllpHandler, type MllpListener, startMllpListener } from './mllp-listener.ts';

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

async function listen(handler: Partial<MllpHandler>): Promise<number> {
  listener = await startMllpListener({
    host: '127.0.0.1',
    port: 0,
    log: pino({ level: 'silent' }),
    handler: {
      message: async (m) => m.buildAck({ ackCode: 'AA' }),
      notHl7: async () => Hl7Message.parse('MSH|^~\\&|CB\rMSA|AE||not HL7'),
      ...handler,
    },
  });
  return listener.port;
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
        handler: { message: async () => undefined, notHl7: async () => undefined },
      }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
