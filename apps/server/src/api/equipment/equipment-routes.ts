import type { FastifyInstance } from 'fastify';
import type { Db } from '../../store/database.ts';
import { assetRoutes } from './asset-routes.ts';
import { assetTypeRoutes } from './asset-type-routes.ts';
import { parLevelRoutes } from './par-level-routes.ts';
import { sensorRoutes } from './sensor-routes.ts';
import { tagRoutes } from './tag-routes.ts';
import { visitBadgeRoutes } from './visit-badge-routes.ts';

/** Equipment and RTLS: tags, sensors, asset types, assets, PAR levels, and what a visit wears. */
export async function equipmentRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  for (const routes of [
    tagRoutes,
    sensorRoutes,
    assetTypeRoutes,
    assetRoutes,
    parLevelRoutes,
    visitBadgeRoutes,
  ]) {
    await app.register(routes, { db });
  }
}
