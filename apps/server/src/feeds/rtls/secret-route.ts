import { randomBytes } from 'node:crypto';
import type { MadeRtlsSecretRecord, RtlsSecretStatusRecord } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer } from '../../api/route-parts.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import type { Db } from '../../store/database.ts';
import { findRtlsSecretStatus, saveRtlsSecret } from '../../store/repositories/feed-secrets.ts';

const tags = ['feeds'];

const madeSecretSchema = z.object({
  /** 32 random bytes, hex: the key of the webhook's HMAC. Shown this once. */
  secret: z.string(),
  created_at: z.date(),
}) satisfies z.ZodType<MadeRtlsSecretRecord>;

const secretStatusSchema = z.object({
  exists: z.boolean(),
  created_at: z.date().nullable(),
}) satisfies z.ZodType<RtlsSecretStatusRecord>;

/**
 * The RTLS webhook's secret (admins: update:customer*, decisions FEED-38, IDN-20: staff hold write:*
 * too, and a rotation stops the vendor's feed). POST makes or rotates it and shows it once; the
 * old one stops working at once. GET says only whether there is one and when it was made. The
 * REST audit hook records the POST (route and customer, never the body or the answer).
 */
export async function secretRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preHandler: app.auth.require('customer.update') };

  routes.post(
    '/feeds/rtls/secret',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        // Nothing to say: the server makes the secret. `{}` or no body at all.
        body: z.strictObject({}).optional(),
        response: { 201: madeSecretSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const secret = randomBytes(32).toString('hex');
      const created_at = await saveRtlsSecret(db, principal.customerId, secret, principal.subject);
      return reply.status(201).send({ secret, created_at });
    },
  );

  routes.get(
    '/feeds/rtls/secret',
    { ...admin, schema: { tags, security: bearer, response: { 200: secretStatusSchema } } },
    async (request) => {
      const created_at = await findRtlsSecretStatus(db, principalOf(request).customerId);
      return { exists: created_at !== null, created_at };
    },
  );
}
