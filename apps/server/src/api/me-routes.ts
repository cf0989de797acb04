import type { FastifyInstance } from 'fastify';
import { type Auth, principalOf } from '../identity/require-scopes.ts';

/** GET /me: who the token says the caller is (any valid token; no particular scope). */
export async function meRoutes(app: FastifyInstance, { auth }: { auth: Auth }): Promise<void> {
  app.get('/me', { preHandler: auth.require('me.read') }, async (request) => {
    const principal = principalOf(request);
    return {
      customer_id: principal.customerId,
      subject: principal.subject,
      client_id: principal.clientId ?? null,
      scope: [...principal.scopes].join(' '),
    };
  });
}
