import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../config/config.ts';
import type { FeedOptions } from '../feed-options.ts';
import { hl7ToolRoutes } from './hl7-tool-routes.ts';
import { type MllpHandler, type MllpListener, startMllpListener } from './mllp-listener.ts';
import { AdtNotStored, type ReceiveOptions } from './receive-adt.ts';
import { receiveFrame } from './receive-frame.ts';

/**
 * HL7 v2 ADT over MLLP on HL7_MLLP_PORT, over TLS on HL7_MLLP_TLS_PORT (decision FEED-66): either,
 * both or neither (each off when unset), bound to HOST like the HTTP server, each with its own
 * allow-list and the same limits, framed by MllpFrames and parsed by @medplum/core (decisions
 * FEED-08, FEED-59). The listeners are thin transports over one handler, receiveFrame (split, then
 * store, apply and settle each message), which answers only after its commits. Closed before the
 * database pool (preClose), so a message in hand is answered first.
 */
export async function registerHl7Feed(app: FastifyInstance, options: FeedOptions): Promise<void> {
  const { db, feeds, host } = options;
  // The analyst's tools work with or without a listener: a dry run is for before go-live (FEED-67).
  await app.register(hl7ToolRoutes, { prefix: API_PREFIX, db, log: options.log });
  if (feeds.hl7MllpPort === null && feeds.hl7MllpTls === null) return;
  const log = options.log.child({ feed: 'hl7', transport: 'mllp' });
  const receive: ReceiveOptions = { transport: 'mllp', routePrefix: 'MLLP', log };
  const limits = feeds.hl7Mllp;
  const common = {
    host,
    limits: {
      idleTimeoutMs: limits.idleTimeoutSec * 1000,
      frameTimeoutMs: limits.frameTimeoutSec * 1000,
      connectionsPerAddress: limits.connectionsPerAddress,
      connections: limits.connections,
      maxFrameBytes: limits.maxFrameBytes,
    },
  };
  const handler: MllpHandler = {
    // The connection's address is the sender's: its facility must allow it (decision FEED-52).
    frame: async (frame, peer) => {
      try {
        return await receiveFrame(db, frame, peer, { ...receive, maxFrameBytes: limits.maxFrameBytes });
      } catch (error) {
        if (error instanceof AdtNotStored) {
          log.warn('HL7: the database is unavailable; no answer, so the sender resends');
          return undefined;
        }
        throw error;
      }
    },
  };
  const listeners: MllpListener[] = [];
  const closeAll = async () => {
    await Promise.all(listeners.map((listener) => listener.close()));
  };
  try {
    if (feeds.hl7MllpPort !== null) {
      const allow = feeds.hl7MllpAllow ?? undefined;
      listeners.push(await startMllpListener({ ...common, port: feeds.hl7MllpPort, log, handler, allow }));
    }
    const tls = feeds.hl7MllpTls;
    if (tls !== null) {
      listeners.push(
        await startMllpListener({
          ...common,
          port: tls.port,
          log: log.child({ tls: true }),
          handler,
          allow: tls.allow ?? undefined,
          tls: { certFile: tls.certFile, keyFile: tls.keyFile, caFile: tls.caFile ?? undefined },
        }),
      );
    }
  } catch (error) {
    // The app does not start, so nothing else would close the listener that did.
    await closeAll();
    throw error;
  }
  app.addHook('preClose', closeAll);
}
