import type { FastifyInstance } from 'fastify';
import type { Db } from '../../store/database.ts';

/** The care setting: sites, departments, workflows and phases, locations, stations, staff and staff types. */
export async function careSettingRoutes(_app: FastifyInstance, _options: { db: Db }): Promise<void> {}
