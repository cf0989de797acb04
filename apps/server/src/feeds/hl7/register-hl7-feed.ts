import type { FastifyInstance } from 'fastify';
import type { FeedOptions } from '../register-feeds.ts';

/** HL7 v2 ADT over MLLP on HL7_MLLP_PORT (off when unset). Placeholder until the listener lands. */
export async function registerHl7Feed(_app: FastifyInstance, _options: FeedOptions): Promise<void> {}
