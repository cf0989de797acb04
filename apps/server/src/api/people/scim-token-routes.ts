import type { CreatedScimTokenRecord, ScimTokenRecord } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import { createScimToken, createScimTokenInput } from '../../services/scim/scim-tokens.ts';
import type { Db } from '../../store/database.ts';
import { listScimTokens, revokeScimToken } from '../../store/scim.ts';
import { listQuery, pageOf } from '../paging.ts';
import { bearer, noContent } from '../route-parts.ts';

const tags = ['scim-tokens'];

const scimTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  connection_id: z.string(),
  created_at: z.date(),
  last_used_at: z.date().nullable(),
}) satisfies z.ZodType<ScimTokenRecord>;

const createdScimTokenSchema = scimTokenSchema.extend({
  token: z.string(),
  base_url: z.string(),
}) satisfies z.ZodType<CreatedScimTokenRecord>;

const tokenParams = z.strictObject({ id: z.guid() });

/**
 * The customer's SCIM tokens, an admin's (customer.update: a token provisions and deactivates
 * people): listed without the token, made with it shown once, revoked at once (IDN-30). The REST
 * audit hook records the POST and the DELETE (route and id, never the token).
 */
export async function scimTokenRoutes(
  app: FastifyInstance,
  { db, scimBaseUrl }: { db: Db; scimBaseUrl: string },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preHandler: app.auth.require('customer.update') };

  routes.get(
    '/scim-tokens',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({ connection_id: z.guid().optional() }),
        response: { 200: pageOf(scimTokenSchema) },
      },
    },
    async (request) => {
      const { limit, offset, connection_id } = request.query;
      return listScimTokens(db, principalOf(request).customerId, { connection_id }, { limit, offset });
    },
  );

  routes.post(
    '/scim-tokens',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        body: createScimTokenInput,
        response: { 201: createdScimTokenSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { row, token } = await createScimToken(db, principal.customerId, principal.subject, request.body);
      // Never cached: the answer holds the only copy of the token.
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ ...row, token, base_url: scimBaseUrl });
    },
  );

  routes.delete(
    '/scim-tokens/:id',
    { ...admin, schema: { tags, security: bearer, params: tokenParams, response: noContent } },
    async (request, reply) => {
      if (!(await revokeScimToken(db, principalOf(request).customerId, request.params.id)))
        throw new AppError('ENTITY_NOT_FOUND', { entity: 'SCIM token', id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
