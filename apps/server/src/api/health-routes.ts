import { PRODUCT_VERSION } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { type Db, isReachable } from '../store/database.ts';

/** /health: the process answers, with the product's version. /ready: and its store answers too. No auth. */
export async function healthRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  app.get('/health', async () => ({ status: 'ok', version: PRODUCT_VERSION }));
  app.get('/ready', async () => {
    if (!(await isReachable(options.db))) throw new AppError('SERVICE_UNAVAILABLE', {});
    return { status: 'ready' };
  });
}
