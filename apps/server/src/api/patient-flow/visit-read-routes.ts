import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import type { Db } from '../../store/database.ts';
import { findVisitWithoutNames, pageActiveVisits } from '../../store/repositories/visits.ts';
import { idFilter, listQuery, pageOf } from '../paging.ts';
import { bearer, idParams } from '../route-parts.ts';
import { visitWithoutNamesSchema } from './schemas.ts';

const tags = ['patient flow'];

/** The filters of the visit lists, names or not: what a console narrows a day's patients by. */
export const visitListQuery = listQuery({
  workflow_id: idFilter,
  phase_id: idFilter,
  location_id: idFilter,
});

/**
 * GET /visits (in progress) and GET /visits/:id (completed too) for staff consoles, under
 * read:patients and without names (BOF-33, BOF-34).
 */
export async function visitReadRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const guard = { preHandler: app.auth.require('patient.read') };

  routes.get(
    '/visits',
    {
      ...guard,
      schema: {
        tags,
        security: bearer,
        querystring: visitListQuery,
        response: { 200: pageOf(visitWithoutNamesSchema) },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      return pageActiveVisits(db, principalOf(request).customerId, filter, { limit, offset });
    },
  );

  routes.get(
    '/visits/:id',
    {
      ...guard,
      schema: { tags, security: bearer, params: idParams, response: { 200: visitWithoutNamesSchema } },
    },
    async (request) => {
      const visit = await findVisitWithoutNames(db, principalOf(request).customerId, request.params.id);
      if (!visit) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Visit', id: request.params.id });
      return visit;
    },
  );
}
