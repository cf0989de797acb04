import { createServer, type Server, type Socket } from 'node:net';
import type { Hl7Message } from '@medplum/core';
import { Hl7Connection, type Hl7ErrorEvent, type Hl7MessageEvent } from '@medplum/hl7';
import type { Logger } from 'pino';
import { MllpFrames } from './mllp-frames.ts';

/** A frame longer than this without its end (FS CR) is not an HL7 message: the connection is closed. */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** TCP keep-alive probes begin after this much silence, so a peer gone without a word is found. */
const KEEP_ALIVE_DELAY_MS = 60_000;

/** Where a connection comes from, as the handler needs it. */
export interface MllpPeer {
  readonly address: string;
}

export interface MllpHandler {
  /** The answer to a message, or undefined to answer nothing and close the connection. */
  message(message: Hl7Message, peer: MllpPeer): Promise<Hl7Message | undefined>;
  /** The answer to a frame that is not an HL7 message (the parser refused it). */
  notHl7(peer: MllpPeer): Promise<Hl7Message | undefined>;
}

/** What one sender may hold (decision FEED-54). */
export interface MllpLimits {
  /** A connection with no frame and nothing in hand for this long is closed. */
  readonly idleTimeoutMs: number;
  /** A frame, once its start block came, must end within this. */
  readonly frameTimeoutMs: number;
  /** Open connections from one address. */
  readonly connectionsPerAddress: number;
  /** Open connections in all. */
  readonly connections: number;
}

export interface MllpListenerOptions {
  readonly host: string;
  readonly port: number;
  readonly log: Logger;
  readonly handler: MllpHandler;
  readonly limits: MllpLimits;
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
 * Bytes outside frames are skipped by the framing; a frame that never ends is cut off. No one
 * can hold the port (decision FEED-54): a connection beyond its address's cap or the total cap
 * is closed at once, before a byte is read, and the others stay; a frame must end within the
 * frame timeout, and a connection with no frame for the idle timeout is closed.
 */
export async function startMllpListener(options: MllpListenerOptions): Promise<MllpListener> {
  const { log, limits } = options;
  const sockets = new Set<Socket>();
  const perAddress = new Map<string, number>();
  /** Addresses (and '*' for the total) warned of since they last dropped below their cap. */
  const warned = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  const server: Server = createServer(
    { keepAlive: true, keepAliveInitialDelay: KEEP_ALIVE_DELAY_MS },
    (socket) => admit(socket),
  );

  /** Decision FEED-54: the caps are counted from accept to close; one more is closed unread. */
  function admit(socket: Socket): void {
    const address = socket.remoteAddress;
    if (address === undefined) {
      socket.destroy();
      return;
    }
    const fromAddress = perAddress.get(address) ?? 0;
    const capped =
      fromAddress >= limits.connectionsPerAddress
        ? { key: address, cap: limits.connectionsPerAddress, text: 'from one address' }
        : sockets.size >= limits.connections
          ? { key: '*', cap: limits.connections, text: 'in all' }
          : undefined;
    if (capped) {
      if (!warned.has(capped.key)) {
        warned.add(capped.key);
        log.warn({ address, cap: capped.cap }, `HL7: too many connections ${capped.text}; refusing more`);
      }
      socket.destroy();
      return;
    }
    sockets.add(socket);
    perAddress.set(address, fromAddress + 1);
    socket.on('close', () => {
      sockets.delete(socket);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      if (left < limits.connectionsPerAddress) warned.delete(address);
      if (sockets.size < limits.connections) warned.delete('*');
    });
    accept(socket, { address });
  }

  function accept(socket: Socket, peer: MllpPeer): void {
    const connection = new Hl7Connection(socket);
    const frames = new MllpFrames();
    let queue = Promise.resolve();
    let inHand = 0;
    let frameTimer: NodeJS.Timeout | undefined;
    const cut = (level: 'info' | 'warn', reason: string, detail: Record<string, unknown>) => {
      log[level]({ address: peer.address, ...detail }, `HL7: ${reason}; connection closed`);
      socket.destroy();
    };
    // Idle: no frame ended and nothing answered for this long, no message in hand and no frame
    // begun (the frame timeout times that one).
    const idleTimer = setTimeout(function idle() {
      if (inHand > 0 || frames.inFrame) idleTimer.refresh();
      else cut('info', 'no message within the idle timeout', { idle_ms: limits.idleTimeoutMs });
    }, limits.idleTimeoutMs);
    socket.on('close', () => {
      clearTimeout(idleTimer);
      clearTimeout(frameTimer);
    });

    const enqueue = (work: () => Promise<Hl7Message | undefined>) => {
      inHand += 1;
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
      void step.finally(() => {
        inFlight.delete(step);
        inHand -= 1;
        idleTimer.refresh();
      });
    };
    connection.addEventListener('message', (event: Hl7MessageEvent) => {
      enqueue(() => options.handler.message(event.message, peer));
    });
    connection.addEventListener('error', (event: Hl7ErrorEvent) => {
      const error = event.error as Error & { type?: string; code?: string };
      if (error.type === 'entity.parse.failed') {
        log.warn('HL7: a frame that is not an HL7 message');
        enqueue(() => options.handler.notHl7(peer));
      } else {
        log.debug({ code: error.code, reason: error.message }, 'HL7: connection error');
      }
    });
    // After the connection's own listener. Decision FEED-54: a frame is timed from its start block.
    socket.on('data', (chunk: Buffer) => {
      if (frames.read(chunk) > 0) {
        clearTimeout(frameTimer);
        frameTimer = undefined;
        idleTimer.refresh();
      }
      if (frames.inFrame && frameTimer === undefined) {
        frameTimer = setTimeout(
          () =>
            cut('warn', 'a frame did not end within the frame timeout', { frame_ms: limits.frameTimeoutMs }),
          limits.frameTimeoutMs,
        );
      }
      if (frames.sinceFrameEnd > MAX_FRAME_BYTES) {
        cut('warn', 'no frame end within the limit', { bytes: frames.sinceFrameEnd });
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
  log.info({ host: options.host, port, ...limits }, 'HL7 ADT: MLLP listener ready');

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
