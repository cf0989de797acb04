import type { FastifyInstance } from 'fastify';

/**
 * One JSON line per request. The path is logged without its query string
 * (a socket's token travels there) and no header is logged.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
