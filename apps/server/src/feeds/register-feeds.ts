import type { FastifyInstance } from 'fastify';
import type { FeedOptions } from './feed-options.ts';
import { registerHl7Feed } from './hl7/register-hl7-feed.ts';
import { registerRtlsFeed } from './rtls/register-rtls-feed.ts';

/**
 * The feeds (decisions FEED-01, FEED-02; product §10): RTLS sightings by signed webhook and MQTT,
 * HL7 v2 ADT over MLLP. Each stores what it receives before it answers, and changes the care
 * setting through the services, as a person would (change log, live boards, audit with the feed
 * as actor).
 */
export async function registerFeeds(app: FastifyInstance, options: FeedOptions): Promise<void> {
  await registerRtlsFeed(app, options);
  await registerHl7Feed(app, options);
}
