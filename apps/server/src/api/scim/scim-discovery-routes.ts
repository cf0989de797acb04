import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ScimError } from '../../services/scim/scim-error.ts';
import { listResponse, listResponseOf } from '../../services/scim/scim-resources.ts';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery.ts';
import { idParams, type ScimRouteOptions, scimSchema } from './scim-route-parts.ts';

/** A discovery document: fixed, so described by what they all have. */
const document = z.looseObject({ schemas: z.array(z.string()) });

/** RFC 7644 §4: what the directory reads to learn this service provider. */
export async function scimDiscoveryRoutes(
  app: FastifyInstance,
  { baseUrl }: ScimRouteOptions,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const types = resourceTypes(baseUrl);
  const schemaDocuments = schemas(baseUrl);

  routes.get('/ServiceProviderConfig', { schema: { ...scimSchema, response: { 200: document } } }, async () =>
    serviceProviderConfig(baseUrl),
  );

  routes.get(
    '/ResourceTypes',
    { schema: { ...scimSchema, response: { 200: listResponseOf(document) } } },
    async () => listResponse(types, types.length, 1),
  );

  routes.get(
    '/ResourceTypes/:id',
    { schema: { ...scimSchema, params: idParams, response: { 200: document } } },
    async (request) => {
      const type = types.find((candidate) => candidate.id === request.params.id);
      if (!type)
        throw new ScimError(404, undefined, `Resource type ${request.params.id.slice(0, 64)} not found.`);
      return type;
    },
  );

  routes.get(
    '/Schemas',
    { schema: { ...scimSchema, response: { 200: listResponseOf(document) } } },
    async () => listResponse(schemaDocuments, schemaDocuments.length, 1),
  );

  routes.get(
    '/Schemas/:id',
    { schema: { ...scimSchema, params: idParams, response: { 200: document } } },
    async (request) => {
      const schema = schemaDocuments.find((candidate) => candidate.id === request.params.id);
      if (!schema) throw new ScimError(404, undefined, `Schema ${request.params.id.slice(0, 64)} not found.`);
      return schema;
    },
  );
}
