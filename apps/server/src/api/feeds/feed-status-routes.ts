import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../identity/require-scopes.ts';
import type { Db } from '../../store/database.ts';
import {
  listNewestErrors,
  pageFeedMessages,
  readTransportStatus,
} from '../../store/repositories/feed-status.ts';
import { listQuery, pageOf } from '../paging.ts';
import { bearer } from '../route-parts.ts';
import { feedMessageFilters, feedMessageSummarySchema, feedStatusSchema } from './feed-schemas.ts';

const tags = ['feeds'];

/** The newest errors the status shows. */
const NEWEST_ERRORS = 20;

/**
 * The feeds' health for the customer's admins (update:customer*, as the audit log, decision
 * FEED-40): per transport last message and error and the last 24 hours by the hour, the
 * newest errors with their reasons, and the messages for review. Never a body.
 */
export async function feedStatusRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preHandler: app.auth.require('customer.update') };

  routes.get(
    '/feeds/status',
    { ...admin, schema: { tags, security: bearer, response: { 200: feedStatusSchema } } },
    async (request) => {
      const customerId = principalOf(request).customerId;
      const [transports, errors] = await Promise.all([
        readTransportStatus(db, customerId),
        listNewestErrors(db, customerId, NEWEST_ERRORS),
      ]);
      return { transports, errors };
    },
  );

  routes.get(
    '/feeds/messages',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        querystring: listQuery(feedMessageFilters),
        response: { 200: pageOf(feedMessageSummarySchema) },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      return pageFeedMessages(db, principalOf(request).customerId, filter, { limit, offset });
    },
  );
}
