import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../identity/require-scopes.ts';
import { moveAssetToLocation } from '../services/move-asset.ts';
import { moveAssetInput, setParLevelsInput } from '../services/schemas.ts';
import { setParLevels } from '../services/set-par-levels.ts';
import type { Db } from '../store/database.ts';
import { bearer, idParams } from './route-parts.ts';

const tags = ['equipment'];

/** Materials management: move an asset, set a location's PAR levels (all rows in one transaction). */
export async function assetRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const guard = { preHandler: app.auth.require('asset.write') };

  routes.put(
    '/assets/:id/location',
    {
      ...guard,
      schema: { tags, security: bearer, params: idParams, body: moveAssetInput.omit({ asset_id: true }) },
    },
    async (request) => {
      const asset = await moveAssetToLocation(db, principalOf(request).customerId, {
        ...request.body,
        asset_id: request.params.id,
      });
      return { id: asset.id, location_id: asset.location_id };
    },
  );

  routes.put(
    '/locations/:id/par-levels',
    {
      ...guard,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: setParLevelsInput.omit({ location_id: true }),
      },
    },
    async (request) =>
      setParLevels(db, principalOf(request).customerId, { ...request.body, location_id: request.params.id }),
  );
}
