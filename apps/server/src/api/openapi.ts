import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX, SCIM_PREFIX } from '../config/config.ts';

/**
 * The REST API and the SCIM service provider described as OpenAPI 3, generated from the routes'
 * own zod schemas (so it cannot drift), served at GET /api/openapi.json. Register it before the
 * routes it describes. Decision API-14.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Careboard API', version: '1' },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A SCIM token (POST /api/scim-tokens), not a JWT (IDN-30).
          scimBearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    // Only the REST API and SCIM: not the board app's files, the identity provider or health checks.
    transform: (input) =>
      input.url.startsWith(`${API_PREFIX}/`) || input.url.startsWith(`${SCIM_PREFIX}/`)
        ? jsonSchemaTransform(input)
        : { schema: { ...input.schema, hide: true }, url: input.url },
  });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
