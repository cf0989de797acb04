import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * API paths whose writes carry their own proof and come from no browser: the RTLS webhook is
 * sent by a vendor's server and signed per customer with an HMAC over its body (decision
 * FEED-23), which a forged cross-site request cannot have. Keep this list short.
 */
const UNGUARDED_PATHS = new Set(['/api/feeds/rtls/sightings']);

function matches(header: string | undefined, cookie: string | undefined): boolean {
  if (!header || !cookie) return false;
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Double-submit anti-forgery: every response gives a client without one an
 * XSRF-TOKEN cookie (readable by the board's script); every non-GET/HEAD
 * request under `prefix` must echo it in X-XSRF-TOKEN, or gets 403.
 */
export function installXsrf(app: FastifyInstance, options: { prefix: string; secure: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: options.secure,
        httpOnly: false,
      });
    }
    const path = request.url.split('?')[0] ?? '';
    const guarded =
      (path === options.prefix || path.startsWith(`${options.prefix}/`)) && !UNGUARDED_PATHS.has(path);
    if (guarded && !SAFE_METHODS.has(request.method)) {
      const header = request.headers[XSRF_HEADER];
      if (!matches(typeof header === 'string' ? header : undefined, cookie)) {
        throw new AppError('XSRF_TOKEN_INVALID', {});
      }
    }
  });
}
