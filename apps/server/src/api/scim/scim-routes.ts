import type { FastifyInstance } from 'fastify';
import { ScimError } from '../../services/scim/scim-error.ts';
import type { Db } from '../../store/database.ts';
import { authenticateScim } from './scim-auth.ts';
import { scimDiscoveryRoutes } from './scim-discovery-routes.ts';
import { installScimErrors, SCIM_MEDIA_TYPE } from './scim-errors.ts';
import { scimGroupRoutes } from './scim-group-routes.ts';
import { scimUserRoutes } from './scim-user-routes.ts';

/**
 * The SCIM 2.0 service provider (RFC 7644) a hospital's directory provisions through: register
 * with the SCIM prefix. Its own body type (application/scim+json, parsed as Fastify parses JSON),
 * its own answers' type, its own errors (RFC 7644 §3.12) and its own bearer tokens (IDN-30), none
 * of the REST API's (no XSRF: no browser sends these).
 */
export async function scimRoutes(app: FastifyInstance, options: { db: Db; baseUrl: string }): Promise<void> {
  app.addContentTypeParser(
    'application/scim+json',
    { parseAs: 'string' },
    // The same parser as application/json's: `__proto__` and `constructor.prototype` keys refused.
    app.getDefaultJsonParser('error', 'error'),
  );
  installScimErrors(app);
  app.addHook('onRequest', async (_request, reply) => {
    reply.type(SCIM_MEDIA_TYPE);
  });
  app.addHook('onRequest', authenticateScim(options.db));
  // Only db and baseUrl: the options this plugin got carry its prefix, which the children inherit already.
  const routeOptions = { db: options.db, baseUrl: options.baseUrl };
  await app.register(scimUserRoutes, routeOptions);
  await app.register(scimGroupRoutes, routeOptions);
  await app.register(scimDiscoveryRoutes, routeOptions);
  // A GET the routes above do not know would reach the board app's `GET /*`: a SCIM 404 instead.
  app.get('/*', { schema: { hide: true } }, async (request) => {
    throw new ScimError(
      404,
      undefined,
      `There is no GET ${(request.url.split('?')[0] ?? '').slice(0, 200)}.`,
    );
  });
}
