import type { FastifyInstance } from 'fastify';
import type { Db } from '../../store/database.ts';

/** Equipment and RTLS: tags, sensors, asset types, assets, PAR levels. */
export async function equipmentRoutes(_app: FastifyInstance, _options: { db: Db }): Promise<void> {}
