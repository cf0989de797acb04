import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import {
  assetTypeInput,
  createAssetType,
  deleteAssetTypeById,
  renameAssetTypeById,
} from '../../services/equipment/asset-type-writes.ts';
import type { Db } from '../../store/database.ts';
import { pageAssetTypes } from '../../store/repositories/asset-types.ts';
import { findAssetType } from '../../store/repositories/assets.ts';
import { listQuery, pageOf } from '../paging.ts';
import { bearer, idParams, noContent } from '../route-parts.ts';
import { assetTypeSchema } from './equipment-schemas.ts';

const tags = ['equipment'];

/** Asset types (access:mm to read, write:* to change). */
export async function assetTypeRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.auth.require('equipment.read') };
  const write = { preHandler: app.auth.require('setting.write') };

  routes.get(
    '/asset-types',
    {
      ...read,
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({}),
        response: { 200: pageOf(assetTypeSchema) },
      },
    },
    async (request) => pageAssetTypes(db, principalOf(request).customerId, request.query),
  );

  routes.get(
    '/asset-types/:id',
    { ...read, schema: { tags, security: bearer, params: idParams, response: { 200: assetTypeSchema } } },
    async (request) => {
      const type = await findAssetType(db, principalOf(request).customerId, request.params.id);
      if (!type) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Asset type', id: request.params.id });
      return type;
    },
  );

  routes.post(
    '/asset-types',
    {
      ...write,
      schema: { tags, security: bearer, body: assetTypeInput, response: { 201: assetTypeSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createAssetType(db, principalOf(request).customerId, request.body)),
  );

  routes.patch(
    '/asset-types/:id',
    {
      ...write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: assetTypeInput,
        response: { 200: assetTypeSchema },
      },
    },
    async (request) =>
      renameAssetTypeById(db, principalOf(request).customerId, request.params.id, request.body),
  );

  routes.delete(
    '/asset-types/:id',
    { ...write, schema: { tags, security: bearer, params: idParams, response: noContent } },
    async (request, reply) => {
      await deleteAssetTypeById(db, principalOf(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
