import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../config/config.ts';
import type { FeedOptions } from '../feed-options.ts';
import { secretRoutes } from './secret-route.ts';
import { webhookRoute } from './webhook-route.ts';

/**
 * RTLS sightings (decision FEED-22, product §10): the signed webhook, the route that makes its
 * secret, and, when MQTT_URL is set, the MQTT subscription. Every transport hands its batches to the
 * one ingest (ingest-sightings.ts), which does not know where they came from.
 */
export async function registerRtlsFeed(app: FastifyInstance, options: FeedOptions): Promise<void> {
  const { db, feeds, log } = options;
  await app.register(secretRoutes, { prefix: API_PREFIX, db });
  await app.register(webhookRoute, { prefix: API_PREFIX, db });
  if (feeds.mqttUrl && feeds.mqttHere) {
    // The MQTT client is loaded only where a broker is named: a start without one is faster (FND-30).
    const { startMqttSubscriber } = await import('./mqtt-subscriber.ts');
    const subscriber = startMqttSubscriber({ db, url: feeds.mqttUrl, topic: feeds.mqttTopic, log });
    // Before the database pool closes (onClose), so the message in hand settles first.
    app.addHook('preClose', () => subscriber.close());
  }
}
