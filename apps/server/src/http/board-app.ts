import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The entry page and the service worker are checked on every load; hashed assets never change.
 * The console's files follow the same rule (console-app.ts).
 */
export function cacheControlFor(file: string): string {
  // A precompressed copy (`index.html.br`) is cached as the file it stands for (FND-45).
  const name = path.basename(file).replace(/\.(?:br|gz)$/, '');
  if (name === 'index.html' || /^(sw|registerSW)\.js$/.test(name) || name.endsWith('.webmanifest')) {
    return 'no-store';
  }
  return path.basename(path.dirname(file)) === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built board app. Every built file gets its own route; any other
 * GET that is neither an API path nor a file name gets index.html, so the
 * board app routes itself.
 */
export async function serveBoardApp(
  app: FastifyInstance,
  options: { root: string; isApiPath: (path: string) => boolean },
): Promise<void> {
  if (!existsSync(path.join(options.root, 'index.html'))) {
    app.log.warn({ root: options.root }, 'the board app is not built: run `npm run build`');
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    cacheControl: false,
    // `.br` and `.gz` made at build, chosen by Accept-Encoding, with Vary: Accept-Encoding (FND-45).
    preCompressed: true,
    setHeaders: (res, file) => res.header('cache-control', cacheControlFor(file)),
  });
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (options.isApiPath(pathname) || path.extname(pathname) !== '') return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
