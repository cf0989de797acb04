import type { FastifyInstance } from 'fastify';
import type { Db } from '../../store/database.ts';
import { adtSettingRoutes } from './adt-setting-routes.ts';
import { feedRuleRoutes } from './feed-rule-routes.ts';
import { feedStatusRoutes } from './feed-status-routes.ts';

/** The feeds' settings and status (decision FEED-40): rules, ADT mappings, and how each feed is doing. */
export async function feedSettingsRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  for (const routes of [feedRuleRoutes, adtSettingRoutes, feedStatusRoutes]) {
    await app.register(routes, { db });
  }
}
