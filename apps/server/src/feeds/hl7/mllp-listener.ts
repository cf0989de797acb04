import { createServer, type Server, type Socket } from 'node:net';
import type { Hl7Message } from '@medplum/core';
import { Hl7Connection, type Hl7ErrorEvent, type Hl7MessageEvent } from '@medplum/hl7';
import type { Logger } from 'pino';

/** A frame longer than this without its end (FS CR) is not an HL7 message: the connection is closed. */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** Connections at once: an interface engine keeps one or a few open. */
const MAX_CONNECTIONS = 64;

export interface MllpHandler {
  /** The answer to a message, or undefined to answer nothing and close the connection. */
  message(message: Hl7Message): Promise<Hl7Message | undefined>;
  /** The answer to a frame that is not an HL7 message (the parser refused it). */
  notHl7(): Promise<Hl7Message | undefined>;
}

export interface MllpListenerOptions {
  readonly host: string;
  readonly port: number;
  readonly log: Logger;
  readonly handler: MllpHandler;
}

export interface MllpListener {
  readonly port: number;
  /** Stops accepting, lets the messages in hand be answered, then closes every connection. */
  close(): Promise<void>;
}

/**
 * MLLP (0x0B … 0x1C 0x0D) over TCP, with @medplum/hl7's Hl7Connection doing the framing and
 * parsing on a server of our own (decision FEED-09: Hl7Server listens on every interface and
 * retries a busy port forever). Messages of one connection are handled one after another, so
 * answers go out in order; each answer is sent only when the handler returns (after its commit).
 * Bytes outside frames are skipped by the framing; a frame that never ends is cut off.
 */
export async function startMllpListener(options: MllpListenerOptions): Promise<MllpListener> {
  const log = options.log;
  const sockets = new Set<Socket>();
  const inFlight = new Set<Promise<void>>();
  const server: Server = createServer((socket) => accept(socket));
  server.maxConnections = MAX_CONNECTIONS;

  function accept(socket: Socket): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const connection = new Hl7Connection(socket);
    let queue = Promise.resolve();
    let unframed = 0;
    const enqueue = (work: () => Promise<Hl7Message | undefined>) => {
      const step = queue.then(async () => {
        if (socket.destroyed) return;
        const answer = await work().catch((error: unknown) => {
          log.error({ error: error instanceof Error ? error.message : String(error) }, 'HL7: no answer');
          return undefined;
        });
        if (socket.destroyed) return;
        if (answer) connection.send(answer);
        // No answer: the sender's timeout and resend are the retry (decision FEED-13).
        else socket.destroy();
      });
      queue = step;
      inFlight.add(step);
      void step.finally(() => inFlight.delete(step));
    };
    connection.addEventListener('message', (event: Hl7MessageEvent) => {
      unframed = 0;
      enqueue(() => options.handler.message(event.message));
    });
    connection.addEventListener('error', (event: Hl7ErrorEvent) => {
      const error = event.error as Error & { type?: string; code?: string };
      if (error.type === 'entity.parse.failed') {
        unframed = 0;
        log.warn('HL7: a frame that is not an HL7 message');
        enqueue(() => options.handler.notHl7());
      } else {
        log.debug({ code: error.code, reason: error.message }, 'HL7: connection error');
      }
    });
    // After the connection's own listener: a frame it completed has reset the count already.
    socket.on('data', (chunk: Buffer) => {
      unframed += chunk.length;
      if (unframed > MAX_FRAME_BYTES) {
        log.warn({ bytes: unframed }, 'HL7: no frame end within the limit; connection closed');
        socket.destroy();
      }
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => log.error({ reason: error.message }, 'HL7: listener error'));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  log.info({ host: options.host, port }, 'HL7 ADT: MLLP listener ready');

  return {
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...inFlight]);
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
