import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import { addParLevel } from '../../services/equipment/add-par-level.ts';
import { parLevelRowSchema, setParLevelsInput } from '../../services/schemas.ts';
import { setParLevels } from '../../services/set-par-levels.ts';
import type { Db } from '../../store/database.ts';
import { findLocation } from '../../store/repositories/locations.ts';
import { pageParLevelsOfLocation } from '../../store/repositories/par-levels.ts';
import { listQuery, pageOf } from '../paging.ts';
import { bearer, idParams } from '../route-parts.ts';
import { parLevelSchema } from './equipment-schemas.ts';

const tags = ['equipment'];

/** A location's PAR levels: read (access:mm), replace all (PUT) or add one (POST), with write:*. */
export async function parLevelRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const write = { preHandler: app.auth.require('asset.write') };

  routes.get(
    '/locations/:id/par-levels',
    {
      preHandler: app.auth.require('equipment.read'),
      schema: {
        tags,
        security: bearer,
        params: idParams,
        querystring: listQuery({}),
        response: { 200: pageOf(parLevelSchema) },
      },
    },
    async (request) => {
      const customerId = principalOf(request).customerId;
      if (!(await findLocation(db, customerId, request.params.id))) {
        throw new AppError('ENTITY_NOT_FOUND', { entity: 'Location', id: request.params.id });
      }
      return pageParLevelsOfLocation(db, customerId, request.params.id, request.query);
    },
  );

  routes.put(
    '/locations/:id/par-levels',
    {
      ...write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: setParLevelsInput.omit({ location_id: true }),
        response: { 200: z.array(parLevelSchema) },
      },
    },
    async (request) =>
      setParLevels(db, principalOf(request).customerId, { ...request.body, location_id: request.params.id }),
  );

  routes.post(
    '/locations/:id/par-levels',
    {
      ...write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: parLevelRowSchema,
        response: { 201: parLevelSchema },
      },
    },
    async (request, reply) => {
      const level = await addParLevel(db, principalOf(request).customerId, {
        location_id: request.params.id,
        level: request.body,
      });
      return reply.status(201).send(level);
    },
  );
}
