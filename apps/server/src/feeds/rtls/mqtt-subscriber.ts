import { randomUUID } from 'node:crypto';
import { isStorableText } from '@careboard/contracts';
import { connect, type IPublishPacket } from 'mqtt';
import type { Logger } from 'pino';
import type { Db } from '../../store/database.ts';
import {
  countFeedMessageRepeat,
  settleFeedMessage,
  storeFeedMessage,
} from '../../store/repositories/feed-messages.ts';
import { customerExists } from '../../store/repositories/feed-secrets.ts';
import { countUnknownCustomerMessage } from '../../store/repositories/feed-unknown-customers.ts';
import { bodyHashOf, ingestSightings } from './ingest-sightings.ts';
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

  const unknownCustomers = unknownCustomerCount(options.db, log);

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
      // Counted, not kept: the topic names no customer we have, so no one would review it (FEED-57).
      await unknownCustomers(customerId);
      return;
    }
    if (body.problem) {
      const { message, repeated } = await storeFeedMessage(options.db, {
        customer_id: customerId,
        feed: 'rtls',
        transport: 'mqtt',
        message_type: 'sightings',
        body: body.text,
        body_sha256: bodyHashOf(packet.payload),
      });
      // The same bytes again: one more on the stored row's count, not another row (FEED-56).
      if (repeated) await countFeedMessageRepeat(options.db, message.id);
      else await settleFeedMessage(options.db, message.id, { status: 'error', reason: body.problem });
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

/** How often, at most, the subscriber says it is counting messages for no known customer. */
const UNKNOWN_CUSTOMER_LOG_MS = 60_000;

/**
 * Counts a message for no known customer in `feed_unknown_customers` (FEED-57), and says so in
 * one `warn` line at most once a minute, with how many came since the last line and the last
 * name given: a vendor publishing to a wrong topic all day is one line a minute, not one a message.
 */
function unknownCustomerCount(db: Db, log: Logger): (named: string | undefined) => Promise<void> {
  let since = 0;
  let loggedAt = Number.NEGATIVE_INFINITY;
  return async (named) => {
    await countUnknownCustomerMessage(db, 'rtls', 'mqtt', named);
    since += 1;
    if (Date.now() - loggedAt < UNKNOWN_CUSTOMER_LOG_MS) return;
    log.warn(
      { messages: since, customer: named?.slice(0, 100) ?? null },
      'RTLS sightings: messages for no known customer, counted and not kept',
    );
    since = 0;
    loggedAt = Date.now();
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
