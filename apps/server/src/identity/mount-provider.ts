import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { errorPage } from './pages/message-pages.ts';
import { identityRoutes } from './provider.ts';
import type { Throttles } from './throttle.ts';

const PROVIDER_PATHS = [...Object.values(identityRoutes), '/.well-known/openid-configuration'];
const activateBody = z.object({ user_code: z.string().max(64).optional() }).loose();

/** The provider resumes a sign-in at `/authorize/:uid` and `/activate/:uid`, keyed by this cookie. */
const RESUME_PATH = /^\/(authorize|activate)\/[^/]+$/;
const RESUME_COOKIE = '_interaction_resume';

export function isProviderPath(path: string): boolean {
  return PROVIDER_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Hands the provider's paths to oidc-provider before Fastify parses a body
 * (the provider reads its own). Registered after the security headers, which
 * are already on the raw response. POST /activate is the exception: it is
 * parsed here first so the user-code page can be throttled per address and per
 * code, then passed on with its body (the provider accepts a parsed body; decision IDN-10).
 */
export function mountProvider(app: FastifyInstance, provider: Provider): void {
  const handle = provider.callback();
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!isProviderPath(path) || (request.method === 'POST' && path === identityRoutes.code_verification))
      return;
    // Without its cookie a resume cannot succeed, and oidc-provider 9 throws a TypeError there: answer it ourselves.
    if (RESUME_PATH.test(path) && !request.cookies[RESUME_COOKIE]) {
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(
          errorPage(
            'Sign-in expired',
            'This sign-in has expired or was already used. Start again from the display or the board.',
          ),
        );
    }
    reply.hijack();
    handle(request.raw, reply.raw);
  });
}

/** POST /activate, in a context that parses form bodies. */
export async function activateRoute(
  app: FastifyInstance,
  { provider, throttles }: { provider: Provider; throttles: Throttles },
): Promise<void> {
  const handle = provider.callback();
  app.post(identityRoutes.code_verification, async (request, reply) => {
    const body = activateBody.safeParse(request.body ?? {});
    const code = body.success ? (body.data.user_code ?? '') : '';
    const throttle = await throttles.userCode(code, request.ip);
    if (!throttle.allowed) {
      return reply
        .status(429)
        .header('retry-after', String(throttle.retryAfterSec))
        .type('text/html; charset=utf-8')
        .send(
          errorPage(
            'Too many attempts',
            `Too many codes were tried. Wait ${Math.ceil(throttle.retryAfterSec / 60)} minutes, then try again.`,
          ),
        );
    }
    (request.raw as typeof request.raw & { body?: unknown }).body = body.success ? body.data : {};
    reply.hijack();
    handle(request.raw, reply.raw);
    return reply;
  });
}
