import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import type { Db } from '../../store/database.ts';
import { findVisitNames, pageActiveVisitNames } from '../../store/repositories/visits.ts';
import { auditRead } from '../audit-hook.ts';
import { pageOf } from '../paging.ts';
import { bearer, idParams } from '../route-parts.ts';
import { visitNamesSchema } from './schemas.ts';
import { visitListQuery } from './visit-read-routes.ts';

const tags = ['securable'];

/**
 * Patients' names, at /api/securable/… where the board's SECURABLE_API_URL points: read:securable,
 * and every name handed out is first written to the audit log (who, which visit, when, which
 * route), so a failed audit write answers an error and no name (BOF-02, BOF-35).
 */
export async function securableRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const guard = { preHandler: app.auth.require('securable.read') };

  routes.get(
    '/securable/visits/:id',
    { ...guard, schema: { tags, security: bearer, params: idParams, response: { 200: visitNamesSchema } } },
    async (request) => {
      const principal = principalOf(request);
      const visit = await findVisitNames(db, principal.customerId, request.params.id);
      if (!visit) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Visit', id: request.params.id });
      await auditRead(db, request, principal, 'visits', visit.id);
      return visit;
    },
  );

  routes.get(
    '/securable/visits',
    {
      ...guard,
      schema: {
        tags,
        security: bearer,
        querystring: visitListQuery,
        response: { 200: pageOf(visitNamesSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { limit, offset, ...filter } = request.query;
      const page = await pageActiveVisitNames(db, principal.customerId, filter, { limit, offset });
      // One event per patient whose name leaves, all or none: a front desk's list is many reads (BOF-35).
      await db.transaction().execute(async (trx) => {
        for (const visit of page.items) await auditRead(trx, request, principal, 'visits', visit.id);
      });
      return page;
    },
  );
}
