import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { textSchema } from '../services/schema-parts.ts';
import { noContent } from './route-parts.ts';

const clientError = z.strictObject({
  message: textSchema().max(1000),
  stack: textSchema().max(8000).nullable().optional(),
  url: textSchema().max(2000).nullable().optional(),
  release: textSchema().max(100).nullable().optional(),
});

/**
 * POST /client-errors: where a board reports an unexpected error when no
 * error-reporting service is configured. No token (errors happen before sign-in);
 * the XSRF check applies; a few a minute per address; logged without query strings.
 */
export async function clientErrorRoutes(app: FastifyInstance): Promise<void> {
  const rate = new RateLimiterMemory({ points: 20, duration: 60 });
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/client-errors',
      { schema: { tags: ['board'], body: clientError, response: noContent } },
      async (request, reply) => {
        const allowed = await rate.consume(request.ip).then(
          () => true,
          () => false,
        );
        if (!allowed) throw new AppError('TOO_MANY_REQUESTS', { seconds: 60 });
        const { message, stack, url, release } = request.body;
        request.log.warn(
          {
            clientError: {
              message,
              stack: stack ?? undefined,
              url: url?.split('?')[0],
              release: release ?? undefined,
            },
          },
          'board reported an error',
        );
        return reply.status(204).send(null);
      },
    );
}
