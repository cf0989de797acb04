import type { RuntimeConfig } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';

/** GET /config.json: never cached; any cache-bust query string is ignored. */
export async function runtimeConfigRoute(
  app: FastifyInstance,
  options: { runtime: RuntimeConfig },
): Promise<void> {
  const body = JSON.stringify(options.runtime);
  app.get('/config.json', (_request, reply) =>
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body),
  );
}
