import { randomUUID } from 'node:crypto';
import { isStorableText } from '@careboard/contracts';
import { connect, type IPublishPacket } from 'mqtt';
import type { Logger } from 'pino';
import type { Db } from '../../store/database.ts';
import { settleFeedMessage, storeFeedMessage } from '../../store/repositories/feed-messages.ts';
import { customerExists } from '../../store/repositories/feed-secrets.ts';
import { ingestSightings } from './ingest-sightings.ts';
import { customerOfTopic, publishedTopicOf } from './mqtt-topic.ts';
import { MAX_BATCH_BYTES } from './sighting-batch.ts';

export interface MqttSubscriberOptions {
  readonly db: Db;
  /** MQTT_URL: may hold a user and password, so it is never logged. */
  readonly url: string;
  /** MQTT_TOPIC, e.g. `careboard/+/sightings`: the `+` is the customer id. */
  readonly topic: string;
  readonly log: Logger;
}

export interface MqttSubscriber {
  /** Disconnects, after the message in hand is settled. */
  close(): Promise<void>;
}

/**
 * Subscribes to the RTLS topic with QoS 1. The broker's own authentication (user, password,
 * TLS, ACLs on the customer's topic) is the proof a batch is the vendor's (decision FEED-34).
 * Messages are handled one at a time, and acknowledged only once stored and applied (or stored
 * as an error): MQTT.js sends the PUBACK when handleMessage calls back without an error. A
 * message that could not be stored or applied (the database is down) is not acknowledged.
 * MQTT.js reconnects by itself and subscribes again.
 */
export function startMqttSubscriber(options: MqttSubscriberOptions): MqttSubscriber {
  const log = options.log.child({ feed: 'rtls', transport: 'mqtt' });
  const route = `MQTT ${publishedTopicOf(options.topic)}`;
  const client = connect(options.url, {
    clientId: `careboard-${randomUUID().slice(0, 8)}`,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
  });
  let announced = false;
  client.on('connect', () => {
    if (!announced) log.info('RTLS sightings: connected to the MQTT broker');
    announced = true;
  });
  client.on('reconnect', () => log.debug('RTLS sightings: reconnecting to the MQTT broker'));
  // error.message names the host and port or the broker's refusal, never the URL's password.
  client.on('error', (error) => log.warn({ reason: error.message }, 'RTLS sightings: MQTT error'));
  // MQTT.js sends it once connected, and again after every reconnect.
  client.subscribe(options.topic, { qos: 1 }, (error) => {
    if (error) log.error({ reason: error.message }, 'RTLS sightings: the broker refused the subscription');
    else log.info({ topic: options.topic }, 'RTLS sightings: subscribed');
  });

  /** The message being stored and applied: close waits for it before the pool goes. */
  let inHand: Promise<void> = Promise.resolve();
  client.handleMessage = (packet, done) => {
    inHand = handle(packet).then(
      () => done(),
      (error: unknown) => {
        log.error(
          { err: error },
          'RTLS sightings: a message could not be stored or applied; not acknowledged',
        );
        done(error instanceof Error ? error : new Error('not stored'));
      },
    );
  };

  async function handle(packet: IPublishPacket): Promise<void> {
    const body = bodyOf(packet.payload);
    const customerId = customerOfTopic(options.topic, packet.topic);
    if (!customerId || !(await customerExists(options.db, customerId))) {
      // Kept for review without a customer: the topic names none we have.
      const { message } = await storeFeedMessage(options.db, {
        customer_id: null,
        feed: 'rtls',
        transport: 'mqtt',
        message_type: 'sightings',
        body: body.text,
      });
      await settleFeedMessage(options.db, message.id, { status: 'rejected', reason: 'unknown customer' });
      log.warn({ message: message.id }, 'RTLS sightings: a message for no known customer');
      return;
    }
    if (body.problem) {
      const { message } = await storeFeedMessage(options.db, {
        customer_id: customerId,
        feed: 'rtls',
        transport: 'mqtt',
        message_type: 'sightings',
        body: body.text,
      });
      await settleFeedMessage(options.db, message.id, { status: 'error', reason: body.problem });
      log.warn({ customer: customerId, message: message.id, reason: body.problem }, 'sightings refused');
      return;
    }
    // A batch that is not one is stored as 'error' by the ingest and acknowledged; a database
    // failure throws, and the message is not acknowledged.
    await ingestSightings(options.db, { customerId, body: body.text, transport: 'mqtt', route, log });
  }

  return {
    close: async () => {
      await client.endAsync();
      await inHand;
    },
  };
}

/** The payload as text we can store, and why it is not a batch when we can tell already. */
function bodyOf(payload: Buffer | string): { text: string; problem?: string } {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (bytes.length > MAX_BATCH_BYTES) {
    return {
      text: bytes.subarray(0, 1024).toString('utf8'),
      problem: `larger than ${MAX_BATCH_BYTES} bytes`,
    };
  }
  const text = bytes.toString('utf8');
  if (!isStorableText(text)) {
    // A NUL or a lone surrogate: PostgreSQL cannot keep the text as it is.
    return {
      text: text.replace(/\0/g, '\\u0000').replace(/\p{Cs}/gu, '\uFFFD'),
      problem: 'body is not valid text',
    };
  }
  return { text };
}
