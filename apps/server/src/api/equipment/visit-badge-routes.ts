import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../identity/require-scopes.ts';
import { setVisitBadge, visitBadgeBody } from '../../services/equipment/set-visit-badge.ts';
import type { Db } from '../../store/database.ts';
import { bearer, idParams } from '../route-parts.ts';
import { visitWornSchema } from './equipment-schemas.ts';

/**
 * PUT /visits/:id/badge: `{ badge_id }`, `{ tag_id }` or null (take it off), under the
 * admission's tag rules (decision BOF-21); write:patients, as the other patient-flow writes.
 */
export async function visitBadgeRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/visits/:id/badge',
    {
      preHandler: app.auth.require('visit.write'),
      schema: {
        tags: ['patient flow'],
        security: bearer,
        params: idParams,
        body: visitBadgeBody,
        response: { 200: visitWornSchema },
      },
    },
    async (request) => {
      const visit = await setVisitBadge(db, principalOf(request).customerId, {
        visit_id: request.params.id,
        wear: request.body,
      });
      return { id: visit.id, badge_id: visit.badge_id, tag_id: visit.tag_id };
    },
  );
}
