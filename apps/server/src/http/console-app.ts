import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor } from './board-app.ts';

/** Where the console is mounted; its Vite build uses the same base (apps/console/vite.config.ts). */
export const CONSOLE_PREFIX = '/console';

/** The file a console path names, relative to the build: '' for the app's root. */
function fileOf(request: FastifyRequest): string {
  const params = request.params as { '*'?: string };
  return params['*'] ?? '';
}

/**
 * Serves the built console app under /console (decision CON-01): `/console`,
 * `/console/` and every path without an extension get index.html, so the console
 * routes itself; a path with an extension is a built file or a catalogue 404.
 * The routes exist even when the console is not built (then every one is 404),
 * so the board's `/*` fallback never answers a console path with the board.
 *
 * One wildcard route instead of @fastify/static's route per file: the registered
 * routes stay the same whether or not the console is built. The plugin lives in
 * its own encapsulated scope so its `reply.sendFile` (rooted at the console's
 * build) does not clash with the board's; it must be registered before the board.
 */
export async function serveConsoleApp(app: FastifyInstance, options: { root: string }): Promise<void> {
  const built = existsSync(path.join(options.root, 'index.html'));
  if (!built) app.log.warn({ root: options.root }, 'the console app is not built: run `npm run build`');

  await app.register(
    async function consoleApp(scope) {
      if (built) {
        await scope.register(fastifyStatic, {
          root: options.root,
          serve: false,
          index: false,
          cacheControl: false,
          // `.br` and `.gz` made at build, chosen by Accept-Encoding (FND-45).
          preCompressed: true,
          setHeaders: (res, file) => res.header('cache-control', cacheControlFor(file)),
        });
      }
      const answer = (request: FastifyRequest, reply: FastifyReply) => {
        if (!built) return reply.callNotFound();
        const file = fileOf(request);
        // A missing file stays a 404 (send answers callNotFound), never the app's page.
        return reply.sendFile(path.extname(file) === '' ? 'index.html' : file);
      };
      // Under the prefix, '/' answers both /console and /console/.
      scope.get('/', answer);
      scope.get('/*', answer);
    },
    { prefix: CONSOLE_PREFIX },
  );
}
