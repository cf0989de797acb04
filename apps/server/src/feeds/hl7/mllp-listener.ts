import { X509Certificate } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { type BlockList, createServer as createTcpServer, isIP, type Server, type Socket } from 'node:net';
import {
  createSecureContext,
  createServer as createTlsServer,
  type SecureContextOptions,
  type TLSSocket,
  type Server as TlsServer,
} from 'node:tls';
import type { Logger } from 'pino';
import { type MllpFrame, MllpFrames } from './mllp-frames.ts';

const VT = Buffer.from([0x0b]);
const FRAME_END = Buffer.from([0x1c, 0x0d]);
/** TCP keep-alive probes begin after this much silence, so a peer gone without a word is found. */
const KEEP_ALIVE_DELAY_MS = 60_000;
const SOCKET_OPTIONS = { keepAlive: true, keepAliveInitialDelay: KEEP_ALIVE_DELAY_MS } as const;
/** A refused address is logged once in this long, so a sender retrying in a loop is a line a minute. */
const REFUSAL_LOG_MS = 60_000;
/** Hospitals' tooling renews certificates in place; the files' times are checked this often. */
const RENEWAL_CHECK_MS = 60_000;
/** The peer went away during its handshake: logged at debug, as the plain listener logs a reset. */
const PEER_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT']);

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

/** MLLP over TLS (decision FEED-66): PEM files, read at start and again when they change. */
export interface MllpTlsOptions {
  /** The certificate chain presented, and its private key. */
  readonly certFile: string;
  readonly keyFile: string;
  /** CA certificates a client's certificate must chain to; unset, no client certificate is asked for. */
  readonly caFile?: string | undefined;
  /** How often the files' times are checked for a renewal: a minute unless a test needs less. */
  readonly renewalCheckMs?: number | undefined;
}

export interface MllpListenerOptions {
  readonly host: string;
  readonly port: number;
  readonly log: Logger;
  readonly handler: MllpHandler;
  readonly limits: MllpLimits;
  /** The addresses that may connect; unset, any (the facilities' sender lists still apply, FEED-52). */
  readonly allow?: BlockList | undefined;
  /** Set: MLLP over TLS, with the same framing, limits and handler, instead of plain TCP. */
  readonly tls?: MllpTlsOptions | undefined;
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
 * timeout, and a connection with no frame for the idle timeout is closed. With `tls` the same
 * runs over a tls.Server (decision FEED-66): a connection is admitted or refused on its raw TCP
 * socket, before its handshake costs anything, and framed once it is secure; the handshake must
 * end within the frame timeout. With `allow`, a connection from any other address is closed at
 * once, unread.
 */
export async function startMllpListener(options: MllpListenerOptions): Promise<MllpListener> {
  const { log, limits } = options;
  const sockets = new Set<Socket>();
  const perAddress = new Map<string, number>();
  /** Addresses (and '*' for the total) warned of since they last dropped below their cap. */
  const warned = new Set<string>();
  const firstInAMinute = oncePer(REFUSAL_LOG_MS);
  const inFlight = new Set<Promise<void>>();
  /** Set by close(): frames still arriving get no answer (their senders resend to the next server). */
  let closing = false;
  let renewal: NodeJS.Timeout | undefined;
  let ready: Record<string, unknown> = {};
  let server: Server;
  if (options.tls) {
    const files = options.tls;
    const [stamp, loaded] = await Promise.all([stampOf(files), loadTls(files)]).catch((error: unknown) => {
      throw new Error(`HL7: the TLS files (${filesOf(files).join(', ')}) do not load: ${reasonOf(error)}`);
    });
    const tlsServer = createTlsServer({
      ...SOCKET_OPTIONS,
      ...loaded.context,
      // Mutual TLS: Node's own check refuses a client whose certificate is not from the CA.
      requestCert: files.caFile !== undefined,
      rejectUnauthorized: true,
      handshakeTimeout: limits.frameTimeoutMs,
    });
    // Ahead of the TLS server's own listener, so a refused connection never reaches a handshake.
    tlsServer.prependListener('connection', (socket: Socket) => void admit(socket));
    tlsServer.on('secureConnection', secured);
    tlsServer.on('tlsClientError', handshakeFailed);
    renewal = watchRenewal(tlsServer, files, stamp);
    ready = {
      tls: true,
      not_after: loaded.notAfter,
      client_certificates: files.caFile ? 'required' : 'not asked',
    };
    server = tlsServer;
  } else {
    server = createTcpServer(SOCKET_OPTIONS, (socket) => {
      const address = admit(socket);
      if (address !== undefined) accept(socket, { address });
    });
  }

  function allowed(address: string): boolean {
    if (!options.allow) return true;
    const version = isIP(address);
    // BlockList checks an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) against the IPv4 ranges.
    return version !== 0 && options.allow.check(address, version === 4 ? 'ipv4' : 'ipv6');
  }

  /**
   * Decisions FEED-54 and FEED-66: a connection from an address not allowed, or one beyond its
   * address's cap or the total, is closed unread; the caps are counted from accept to close.
   * The address when the connection is admitted.
   */
  function admit(socket: Socket): string | undefined {
    const address = socket.remoteAddress;
    if (address === undefined) {
      socket.destroy();
      return undefined;
    }
    if (!allowed(address)) {
      if (firstInAMinute(`allow ${address}`))
        log.warn({ address }, 'HL7: connection from an address not allowed');
      socket.destroy();
      return undefined;
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
      return undefined;
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
    return address;
  }

  /** A TLS connection admitted on its raw socket, now secure: framed as a plain one is. */
  function secured(socket: TLSSocket): void {
    const address = socket.remoteAddress;
    if (address === undefined) socket.destroy();
    else accept(socket, { address });
  }

  /** Decision FEED-66: a handshake that fails closes its own connection, logged without secrets. */
  function handshakeFailed(error: Error & { code?: string; reason?: string }, socket: TLSSocket): void {
    // Node leaves a socket whose handshake timed out open.
    socket.destroy();
    const address = socket.remoteAddress;
    const { code } = error;
    if (code === 'ERR_TLS_HANDSHAKE_TIMEOUT') {
      log.info(
        { address, frame_ms: limits.frameTimeoutMs },
        'HL7: no TLS handshake within the frame timeout; connection closed',
      );
    } else if (socket.authorizationError) {
      // Node closed it (rejectUnauthorized) before this, so its address is gone; the reason stays.
      if (firstInAMinute(`certificate ${socket.authorizationError}`)) {
        log.warn(
          { reason: socket.authorizationError },
          'HL7: a client certificate not from the CA file; connection closed',
        );
      }
    } else if (address === undefined || (code !== undefined && PEER_GONE.has(code))) {
      log.debug({ code, reason: error.message }, 'HL7: connection error');
    } else if (firstInAMinute(`tls ${address}`)) {
      const text =
        code === 'ERR_SSL_WRONG_VERSION_NUMBER'
          ? 'HL7: not TLS on the TLS port (plain MLLP?); connection closed'
          : 'HL7: TLS handshake failed; connection closed';
      log.warn({ address, code, reason: error.reason ?? error.message }, text);
    }
  }

  /**
   * Decision FEED-66: the certificate, key and CA files are read again when one's time or size
   * changes; files that do not load leave the old certificate in place, with one warn per change.
   */
  function watchRenewal(tlsServer: TlsServer, files: MllpTlsOptions, loadedStamp: string): NodeJS.Timeout {
    let stamp = loadedStamp;
    let checking = false;
    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        // A file gone for now (mid-replacement) is a change too: it warns, and its return reloads.
        const now = await stampOf(files).catch((error: unknown) => `unreadable: ${reasonOf(error)}`);
        if (now === stamp) return;
        stamp = now;
        const loaded = await loadTls(files);
        tlsServer.setSecureContext(loaded.context);
        log.info({ not_after: loaded.notAfter }, 'HL7: TLS certificate reloaded');
      } catch (error) {
        log.warn(
          { reason: reasonOf(error) },
          'HL7: TLS files changed but do not load; the old certificate stays',
        );
      } finally {
        checking = false;
      }
    };
    return setInterval(() => void check(), files.renewalCheckMs ?? RENEWAL_CHECK_MS).unref();
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
      if (closing) return;
      inHand += 1;
      const step = queue.then(async () => {
        if (socket.destroyed) return;
        const answers = await options.handler.frame(frame, peer).catch((error: unknown) => {
          log.error({ error: error instanceof Error ? error.message : String(error) }, 'HL7: no answer');
          return undefined;
        });
        if (socket.destroyed) return;
        if (answers && answers.length > 0) {
          let flushed = true;
          for (const answer of answers) flushed = socket.write(Buffer.concat([VT, answer, FRAME_END]));
          // A sender that does not read its answers is read no further until it does.
          if (!flushed) {
            socket.pause();
            socket.once('drain', () => socket.resume());
          }
        } else {
          // No answer: the sender's timeout and resend are the retry (decision FEED-13).
          socket.destroy();
        }
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
  const allow = options.allow ? { allow: options.allow.rules } : {};
  log.info({ host: options.host, port, ...limits, ...allow, ...ready }, 'HL7 ADT: MLLP listener ready');

  return {
    port,
    close: async () => {
      clearInterval(renewal);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      closing = true;
      // Until none is left: a frame queued behind one in hand is in hand too.
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** Whether a key was not seen within the last `ms`; marks it seen. Keys older than that are dropped. */
function oncePer(ms: number): (key: string) => boolean {
  const seenAt = new Map<string, number>();
  return (key) => {
    const now = Date.now();
    // A key is set only when absent, so the map is in the order of its times: the oldest first.
    for (const [old, at] of seenAt) {
      if (now - at < ms) break;
      seenAt.delete(old);
    }
    if (seenAt.has(key)) return false;
    seenAt.set(key, now);
    return true;
  };
}

const filesOf = (files: MllpTlsOptions) => [
  files.certFile,
  files.keyFile,
  ...(files.caFile ? [files.caFile] : []),
];

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The files' modification times and sizes, in one string to compare. */
async function stampOf(files: MllpTlsOptions): Promise<string> {
  const stats = await Promise.all(filesOf(files).map((file) => stat(file)));
  return stats.map((stats) => `${stats.mtimeMs}:${stats.size}`).join(' ');
}

/**
 * The files as a secure context's options, checked by making one: a file that is not PEM, or a
 * key that is not the certificate's, throws here. Only the certificate's end is said of them.
 */
async function loadTls(files: MllpTlsOptions): Promise<{ context: SecureContextOptions; notAfter: string }> {
  const [cert, key, ca] = await Promise.all([
    readFile(files.certFile),
    readFile(files.keyFile),
    files.caFile ? readFile(files.caFile) : undefined,
  ]);
  const context: SecureContextOptions = { cert, key, ...(ca ? { ca } : {}), minVersion: 'TLSv1.2' };
  createSecureContext(context);
  return { context, notAfter: new X509Certificate(cert).validToDate.toISOString() };
}
