import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../config/config.ts';
import type { FeedOptions } from '../feed-options.ts';
import { hl7ToolRoutes } from './hl7-tool-routes.ts';
import { startMllpListener } from './mllp-listener.ts';
import { AdtNotStored, type ReceiveOptions } from './receive-adt.ts';
import { receiveFrame } from './receive-frame.ts';

/**
 * HL7 v2 ADT over MLLP on HL7_MLLP_PORT (off when unset), bound to HOST like the HTTP server,
 * parsed and framed by Medplum's @medplum/core and @medplum/hl7 (decision FEED-08).
 * The listener is a thin transport over receiveFrame (split, then store, apply and settle each
 * message), which answers only after its commits. Closed before the database pool (preClose), so a message in hand
 * is answered first.
 */
export async function registerHl7Feed(app: FastifyInstance, options: FeedOptions): Promise<void> {
  const { db, feeds, host } = options;
  // The analyst's tools work with or without a listener: a dry run is for before go-live (FEED-67).
  await app.register(hl7ToolRoutes, { prefix: API_PREFIX, db, log: options.log });
  if (feeds.hl7MllpPort === null) return;
  const log = options.log.child({ feed: 'hl7', transport: 'mllp' });
  const receive: ReceiveOptions = { transport: 'mllp', routePrefix: 'MLLP', log };
  const limits = feeds.hl7Mllp;
  const listener = await startMllpListener({
    host,
    port: feeds.hl7MllpPort,
    log,
    limits: {
      idleTimeoutMs: limits.idleTimeoutSec * 1000,
      frameTimeoutMs: limits.frameTimeoutSec * 1000,
      connectionsPerAddress: limits.connectionsPerAddress,
      connections: limits.connections,
      maxFrameBytes: limits.maxFrameBytes,
    },
    handler: {
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
    },
  });
  app.addHook('preClose', () => listener.close());
}
