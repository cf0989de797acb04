import type { FastifyInstance } from 'fastify';
import type { Db } from '../../store/database.ts';
import { customerSettingsRoutes } from './customer-settings-routes.ts';
import { userRoutes } from './user-routes.ts';

/** Users and the customer's settings. */
export async function peopleRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // Only db: the options this plugin got carry its prefix, which the children inherit already.
  await app.register(userRoutes, { db });
  await app.register(customerSettingsRoutes, { db });
}
