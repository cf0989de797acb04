import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Auth, principalOf } from '../identity/require-scopes.ts';
import { bearer } from './route-parts.ts';

const me = z.object({
  customer_id: z.string(),
  subject: z.string(),
  client_id: z.string().nullable(),
  /** The token's scopes, space-separated as in the token. */
  scope: z.string(),
});

/** GET /me: who the token says the caller is (any valid token; no particular scope). */
export async function meRoutes(app: FastifyInstance, { auth }: { auth: Auth }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    {
      preHandler: auth.require('me.read'),
      schema: { tags: ['me'], security: bearer, response: { 200: me } },
    },
    async (request) => {
      const principal = principalOf(request);
      return {
        customer_id: principal.customerId,
        subject: principal.subject,
        client_id: principal.clientId ?? null,
        scope: [...principal.scopes].join(' '),
      };
    },
  );
}
