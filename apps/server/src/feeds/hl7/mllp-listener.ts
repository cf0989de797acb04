import { createServer, type Server, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { type MllpFrame, MllpFrames } from './mllp-frames.ts';

const VT = Buffer.from([0x0b]);
const FRAME_END = Buffer.from([0x1c, 0x0d]);
/** TCP keep-alive probes begin after this much silence, so a peer gone without a word is found. */
const KEEP_ALIVE_DELAY_MS = 60_000;

/** Where a connection comes from, as the handler needs it. */
export interface MllpPeer {
  readonly address: string;
}

export interface MllpHandler {
  /**
   * The answers to a frame, each sent in a frame of its own and in order, or undefined to answer
   * nothing and close the connection (the sender resends).
   */
  frame(frame: MllpFrame, peer: MllpPeer): Promise<readonly Buffer[] | undefined>;
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
  /** A frame larger than this is read to its end and answered AR, not kept (FEED-60). */
  readonly maxFrameBytes: number;
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
 * MLLP (0x0B … 0x1C 0x0D) over TCP on a server of our own (decision FEED-09: Hl7Server listens
 * on every interface and retries a busy port forever). The framing is ours (MllpFrames) and hands
 * over a frame's bytes undecoded (decision FEED-59: @medplum/hl7's Hl7Connection decodes a whole
 * connection in one character set, where each message names its own); @medplum/core parses
 * each message. Frames of one connection are handled one after another, so answers go out in
 * order; each answer is sent only when the handler returns (after its commit). Bytes outside
 * frames are skipped; more of them than a frame may hold closes the connection. No one can hold
 * the port (decision FEED-54): a connection beyond its address's cap or the total cap is closed
 * at once, before a byte is read, and the others stay; a frame must end within the frame
 * timeout, and a connection with no frame for the idle timeout is closed.
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
    const frames = new MllpFrames(limits.maxFrameBytes);
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
    socket.on('error', (error: Error & { code?: string }) => {
      log.debug({ code: error.code, reason: error.message }, 'HL7: connection error');
    });

    const enqueue = (frame: MllpFrame) => {
      inHand += 1;
      const step = queue.then(async () => {
        if (socket.destroyed) return;
        const answers = await options.handler.frame(frame, peer).catch((error: unknown) => {
          log.error({ error: error instanceof Error ? error.message : String(error) }, 'HL7: no answer');
          return undefined;
        });
        if (socket.destroyed) return;
        if (answers) for (const answer of answers) socket.write(Buffer.concat([VT, answer, FRAME_END]));
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
    // Decision FEED-54: a frame is timed from its start block.
    socket.on('data', (chunk: Buffer) => {
      const ended = frames.read(chunk);
      if (ended.length > 0) {
        clearTimeout(frameTimer);
        frameTimer = undefined;
        idleTimer.refresh();
        for (const frame of ended) {
          if (frame.kind === 'oversize') {
            log.warn(
              { address: peer.address, bytes: frame.size, limit: limits.maxFrameBytes },
              'HL7: a frame over the limit',
            );
          }
          enqueue(frame);
        }
      }
      if (frames.inFrame && frameTimer === undefined) {
        frameTimer = setTimeout(
          () =>
            cut('warn', 'a frame did not end within the frame timeout', { frame_ms: limits.frameTimeoutMs }),
          limits.frameTimeoutMs,
        );
      }
      if (frames.outsideFrames > limits.maxFrameBytes) {
        cut('warn', 'bytes outside any frame beyond the limit', { bytes: frames.outsideFrames });
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
