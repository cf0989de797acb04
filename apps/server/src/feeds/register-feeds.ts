import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { FeedsConfig } from '../config/config.ts';
import type { Db } from '../store/database.ts';
import { registerHl7Feed } from './hl7/register-hl7-feed.ts';
import { registerRtlsFeed } from './rtls/register-rtls-feed.ts';

export interface FeedOptions {
  readonly db: Db;
  readonly feeds: FeedsConfig;
  /** HOST: where the MLLP listener binds, like the HTTP server. */
  readonly host: string;
  readonly log: Logger;
}

/**
 * The feeds (issue 15, product §10): RTLS sightings by signed webhook and MQTT, HL7 v2 ADT over
 * MLLP. Each stores what it receives before it answers, and changes the care setting through
 * the services, as a person would (change log, live boards, audit with the feed as actor).
 */
export async function registerFeeds(app: FastifyInstance, options: FeedOptions): Promise<void> {
  await registerRtlsFeed(app, options);
  await registerHl7Feed(app, options);
}
