import type { FastifyInstance } from 'fastify';
import type { Db } from '../../store/database.ts';

/** Users and the customer's settings. */
export async function peopleRoutes(_app: FastifyInstance, _options: { db: Db }): Promise<void> {}
