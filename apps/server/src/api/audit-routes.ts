import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../identity/require-scopes.ts';
import { listAuditEvents } from '../store/audit-events.ts';
import type { Db } from '../store/database.ts';
import { listQuery, pageOf } from './paging.ts';
import { bearer } from './route-parts.ts';

const auditEventSchema = z.object({
  id: z.string(),
  at: z.date(),
  actor: z.string(),
  actor_kind: z.enum(['user', 'device', 'feed', 'system']),
  action: z.enum(['create', 'update', 'delete', 'read']),
  entity: z.string(),
  entity_id: z.string().nullable(),
  route: z.string(),
  status: z.number().int().nullable(),
});

/** GET /audit-events: the customer's log of writes and of reads of patients' names, newest first (BOF-02). */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit-events',
    {
      preHandler: app.auth.require('customer.update'),
      schema: {
        tags: ['audit'],
        security: bearer,
        querystring: listQuery({
          entity: z.string().max(60).optional(),
          entity_id: z.string().max(60).optional(),
          action: z.enum(['create', 'update', 'delete', 'read']).optional(),
          actor: z.string().max(200).optional(),
        }),
        response: { 200: pageOf(auditEventSchema) },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      return listAuditEvents(db, principalOf(request).customerId, filter, { limit, offset });
    },
  );
}
