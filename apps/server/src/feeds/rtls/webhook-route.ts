import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { textSchema } from '../../services/schema-parts.ts';
import type { Db } from '../../store/database.ts';
import { findRtlsSecret } from '../../store/repositories/feed-secrets.ts';
import { ingestSightings } from './ingest-sightings.ts';
import { MAX_BATCH_BYTES, sightingBatchSchema } from './sighting-batch.ts';
import { checkSignature, SIGNATURE_HEADER } from './signature.ts';

export const WEBHOOK_PATH = '/feeds/rtls/sightings';

/** The customer is named in the query, so a vendor's URL says whose feed it is (decision FEED-23). */
const webhookQuery = z.object({ customer: textSchema().min(1).max(100) });

const countsSchema = z.object({
  received: z.number().int(),
  applied: z.number().int(),
  unknown: z.number().int(),
  stale: z.number().int(),
});

/** The raw bytes of each webhook body, as signed: kept beside the request, not in it. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * POST /api/feeds/rtls/sightings?customer=<id>: a signed batch of sightings (FEED-23). No
 * bearer token and no XSRF header: the HMAC signature over the raw body is the proof, checked
 * before anything else is read. A missing, wrong or expired signature, an unknown customer, or
 * one with no secret yet are all 401 alike, and nothing is stored; a signed body that is not a
 * batch is stored as 'error' and answered 400 naming its field (decision FEED-39). Answers once
 * the batch is stored and applied.
 * Registered in a plugin of its own: its JSON parser keeps the raw bytes and its body may be
 * larger than the API's.
 */
export async function webhookRoute(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MAX_BATCH_BYTES },
    (request, body, done) => {
      const raw = body as Buffer;
      rawBodies.set(request, raw);
      // The text goes on as the body: the API's storable-text check reads it in one pass.
      done(null, raw.toString('utf8'));
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    WEBHOOK_PATH,
    {
      bodyLimit: MAX_BATCH_BYTES,
      onRequest: refuseTooLarge,
      // The body is checked after the signature, by the ingest; documented here for the reader.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route as never),
      schema: {
        tags: ['feeds'],
        summary:
          'RTLS sightings, signed with X-Careboard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">',
        querystring: webhookQuery,
        body: sightingBatchSchema,
        response: { 200: countsSchema },
      },
    },
    async (request) => {
      const customerId = request.query.customer;
      const raw = rawBodies.get(request) ?? Buffer.alloc(0);
      const header = request.headers[SIGNATURE_HEADER];
      const secret = await findRtlsSecret(db, customerId);
      const check = checkSignature(typeof header === 'string' ? header : undefined, raw, secret, Date.now());
      if (check !== 'valid') {
        request.log.info(
          { feed: 'rtls', customer: customerId, signature: check },
          'sightings refused: signature',
        );
        throw new AppError('UNAUTHORIZED', {});
      }
      const outcome = await ingestSightings(db, {
        customerId,
        body: raw.toString('utf8'),
        transport: 'webhook',
        route: `POST /api${WEBHOOK_PATH}`,
        log: request.log,
      });
      if (!outcome.ok) throw outcome.error;
      return outcome.counts;
    },
  );
}

/** A body announced larger than the route takes is refused with this route's limit, not the API's. */
async function refuseTooLarge(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > MAX_BATCH_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', { limit: MAX_BATCH_BYTES });
}
