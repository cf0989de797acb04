import type { FastifyInstance } from 'fastify';
import type { Db } from '../../store/database.ts';
import { exportRoutes } from './export-routes.ts';
import { securableRoutes } from './securable-routes.ts';
import { visitReadRoutes } from './visit-read-routes.ts';

/**
 * Patient flow reads: visits without names, securable names (audited), and the CSV exports.
 * Messages' list and delete sit with their post in message-routes.ts.
 */
export async function patientFlowReadRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // Only db: the slot's own options carry its prefix, which the children inherit already.
  await app.register(visitReadRoutes, { db });
  await app.register(securableRoutes, { db });
  await app.register(exportRoutes, { db });
}
