import type { FastifyInstance } from 'fastify';
import type { Db } from '../../store/database.ts';

/** Screens (devices): list, rename, show another board, reload, revoke. */
export async function deviceRoutes(_app: FastifyInstance, _options: { db: Db }): Promise<void> {}
