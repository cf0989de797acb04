import type { FastifyInstance } from 'fastify';
import type { Db } from '../../store/database.ts';
import { placeRoutes } from './place-routes.ts';
import { siteRoutes } from './site-routes.ts';
import { staffRoutes } from './staff-routes.ts';
import { workflowRoutes } from './workflow-routes.ts';

/** The care setting: sites, departments, workflows and phases, locations, stations, staff and staff types. */
export async function careSettingRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // Only the db: the options this plugin got also hold its prefix, which the children inherit already.
  for (const routes of [siteRoutes, workflowRoutes, placeRoutes, staffRoutes])
    await app.register(routes, { db });
}
