import type { FastifyInstance } from 'fastify';
import type { FeedOptions } from '../register-feeds.ts';

/** RTLS sightings: the signed webhook, the secret route, and MQTT when MQTT_URL is set. Placeholder. */
export async function registerRtlsFeed(_app: FastifyInstance, _options: FeedOptions): Promise<void> {}
