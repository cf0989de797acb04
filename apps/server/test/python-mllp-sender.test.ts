/**
 * The mllp_send helper against a small MLLP server of the test's own, which keeps every frame's
 * bytes and answers each with an ACK naming its MSH-10: what arrives is exactly what was given
 * (a Latin-1 message as its Latin-1 bytes), and the helper returns one ACK per message.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWithMllpSend } from './python-mllp-sender.ts';

const corpusFile = (id: string) => readFileSync(new URL(`./fixtures/hl7-corpus/${id}.hl7`, import.meta.url));

/** A message as the helper can send it: mllp_send never sends a message's final CR. */
const withoutFinalCr = (bytes: Buffer) => (bytes.at(-1) === 0x0d ? bytes.subarray(0, -1) : bytes);

const received: Buffer[] = [];
const ackFor = (frame: Buffer) => {
  const controlId = frame.toString('latin1').split('\r')[0]?.split('|')[9] ?? '';
  return `MSH|^~\\&|TEST-RCV|TEST||||||ACK|ACK-${received.length}|P|2.5\rMSA|AA|${controlId}\r`;
};

/** Answers each frame; when `silent`, answers nothing. */
function mllpServer(silent: boolean): Server {
  return createServer((socket) => {
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      for (let end = pending.indexOf('\x1c\r'); end >= 0; end = pending.indexOf('\x1c\r')) {
        const frame = pending.subarray(pending.indexOf(0x0b) + 1, end);
        pending = pending.subarray(end + 2);
        received.push(frame);
        if (!silent) socket.write(Buffer.from(`\x0b${ackFor(frame)}\x1c\r`, 'latin1'));
      }
    });
    socket.on('error', () => {});
  });
}

let answering: Server;
let silent: Server;
const portOf = (server: Server) => (server.address() as { port: number }).port;

beforeAll(async () => {
  answering = mllpServer(false);
  silent = mllpServer(true);
  await Promise.all(
    [answering, silent].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))),
  );
});

afterAll(async () => {
  await Promise.all([answering, silent].map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('sendWithMllpSend', () => {
  it('delivers a Latin-1 and a UTF-8 message byte for byte and returns the ACK of each', async () => {
    received.length = 0;
    const latin1 = withoutFinalCr(corpusFile('ipf-icw-adt-a40-v231-latin1'));
    const utf8 = corpusFile('nhapi-skl-adt-a08-v23');
    expect(latin1.includes(Buffer.from('BL\xc4H', 'latin1'))).toBe(true);

    const acks = await sendWithMllpSend(portOf(answering), [latin1, utf8]);

    expect(received).toEqual([latin1, utf8]);
    expect(acks).toEqual([
      'MSH|^~\\&|TEST-RCV|TEST||||||ACK|ACK-1|P|2.5\rMSA|AA|_mpi_1dd16f73-c85c-4540-857d-8b922f1732de\r',
      'MSH|^~\\&|TEST-RCV|TEST||||||ACK|ACK-2|P|2.5\rMSA|AA|36711904\r',
    ]);
  });

  it('refuses, before sending, a message that mllp_send would not send unchanged', async () => {
    received.length = 0;
    const endsWithCr = corpusFile('ipf-icw-adt-a40-v231-latin1');
    await expect(sendWithMllpSend(portOf(answering), [endsWithCr])).rejects.toThrow(/ends with CR/);
    await expect(sendWithMllpSend(portOf(answering), [Buffer.from('MSH|\x1c|')])).rejects.toThrow(/FS/);
    expect(received).toEqual([]);
  });

  it('rejects with what mllp_send wrote to stderr when it fails', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = portOf(closed);
    await new Promise((resolve) => closed.close(resolve));
    const message = corpusFile('nhapi-skl-adt-a08-v23');
    await expect(sendWithMllpSend(port, [message])).rejects.toThrow(
      /exited with 1; .*ConnectionRefusedError/s,
    );
  });

  it('kills mllp_send and rejects when no ACK comes within the time given', async () => {
    const message = corpusFile('nhapi-skl-adt-a08-v23');
    await expect(sendWithMllpSend(portOf(silent), [message], { timeoutMs: 1_500 })).rejects.toThrow(
      /no end within 1500 ms \(killed\)/,
    );
  });
});
