import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import {
  createAsset,
  createAssetInput,
  deleteAssetById,
  updateAssetById,
  updateAssetInput,
} from '../../services/equipment/asset-writes.ts';
import { moveAssetToLocation } from '../../services/move-asset.ts';
import { moveAssetInput } from '../../services/schemas.ts';
import type { Db } from '../../store/database.ts';
import { findAsset, pageAssets } from '../../store/repositories/assets.ts';
import { idFilter, listQuery, pageOf } from '../paging.ts';
import { bearer, idParams, noContent } from '../route-parts.ts';
import { assetSchema } from './equipment-schemas.ts';

const tags = ['equipment'];

/** Assets (access:mm to read, write:* to change) and moving one (the older PUT /assets/:id/location). */
export async function assetRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.auth.require('equipment.read') };
  const write = { preHandler: app.auth.require('setting.write') };

  routes.get(
    '/assets',
    {
      ...read,
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({ asset_type_id: idFilter, location_id: idFilter }),
        response: { 200: pageOf(assetSchema) },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      return pageAssets(db, principalOf(request).customerId, filter, { limit, offset });
    },
  );

  routes.get(
    '/assets/:id',
    { ...read, schema: { tags, security: bearer, params: idParams, response: { 200: assetSchema } } },
    async (request) => {
      const asset = await findAsset(db, principalOf(request).customerId, request.params.id);
      if (!asset) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Asset', id: request.params.id });
      return asset;
    },
  );

  routes.post(
    '/assets',
    { ...write, schema: { tags, security: bearer, body: createAssetInput, response: { 201: assetSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createAsset(db, principalOf(request).customerId, request.body)),
  );

  routes.patch(
    '/assets/:id',
    {
      ...write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: updateAssetInput,
        response: { 200: assetSchema },
      },
    },
    async (request) => updateAssetById(db, principalOf(request).customerId, request.params.id, request.body),
  );

  routes.delete(
    '/assets/:id',
    { ...write, schema: { tags, security: bearer, params: idParams, response: noContent } },
    async (request, reply) => {
      await deleteAssetById(db, principalOf(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.put(
    '/assets/:id/location',
    {
      preHandler: app.auth.require('asset.write'),
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: moveAssetInput.omit({ asset_id: true }),
        response: { 200: z.object({ id: z.number().int(), location_id: z.number().int().nullable() }) },
      },
    },
    async (request) => {
      const asset = await moveAssetToLocation(db, principalOf(request).customerId, {
        ...request.body,
        asset_id: request.params.id,
      });
      return { id: asset.id, location_id: asset.location_id };
    },
  );
}
