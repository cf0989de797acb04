import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { errorPage } from './pages/message-pages.ts';
import { identityRoutes } from './provider.ts';
import type { Throttles } from './throttle.ts';

const PROVIDER_PATHS = [...Object.values(identityRoutes), '/.well-known/openid-configuration'];
const activateBody = z.object({ user_code: z.string().max(64).optional() }).loose();
const deviceAuthorizationBody = z.object({ client_id: z.string().max(200).optional() }).loose();

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
 * code, then passed on with its body (the provider accepts a parsed body; decision IDN-10);
 * so is POST /oauth/device/code, throttled per client and address (IDN-15, IDN-18).
 */
export function mountProvider(app: FastifyInstance, provider: Provider, throttles: Throttles): void {
  const handle = provider.callback();
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!isProviderPath(path) || (request.method === 'POST' && PARSED_FIRST.has(path))) return;
    // These store a session or an interaction before anyone has signed in: throttled first (IDN-15, IDN-18).
    if (
      request.method === 'GET' &&
      (path === identityRoutes.authorization || path === identityRoutes.code_verification)
    ) {
      const clientId = (request.query as { client_id?: unknown }).client_id;
      const throttle = await throttles.providerRequest(
        typeof clientId === 'string' ? clientId : undefined,
        request.ip,
      );
      if (!throttle.allowed) return tooManyPage(reply, throttle.retryAfterSec);
    }
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

/** Paths whose POST is parsed by Fastify (routes below) before the provider gets it. */
const PARSED_FIRST = new Set<string>([identityRoutes.code_verification, identityRoutes.device_authorization]);

function tooManyPage(reply: FastifyReply, retryAfterSec: number) {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSec))
    .type('text/html; charset=utf-8')
    .send(
      errorPage(
        'Too many requests',
        `Too many requests from this network. Wait ${retryAfterSec} seconds, then try again.`,
      ),
    );
}

/**
 * POST /oauth/device/code, parsed first so it can be throttled per client and
 * address before the provider stores a device code (IDN-15, IDN-18); answered as an
 * OAuth error (`slow_down`, 429) when over budget.
 */
export async function deviceAuthorizationRoute(
  app: FastifyInstance,
  { provider, throttles }: { provider: Provider; throttles: Throttles },
): Promise<void> {
  const handle = provider.callback();
  // A body Fastify cannot take (too large, another media type) is an OAuth error here, as the provider would say.
  const errorHandler = (error: { statusCode?: number }, _request: unknown, reply: FastifyReply) => {
    const status = error.statusCode ?? 500;
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .send(
        status < 500
          ? { error: 'invalid_request', error_description: 'The request body could not be read.' }
          : { error: 'server_error', error_description: 'Internal server error.' },
      );
  };
  app.post(identityRoutes.device_authorization, { errorHandler }, async (request, reply) => {
    const body = deviceAuthorizationBody.safeParse(request.body ?? {});
    const throttle = await throttles.providerRequest(
      body.success ? body.data.client_id : undefined,
      request.ip,
    );
    if (!throttle.allowed) {
      return reply
        .status(429)
        .header('retry-after', String(throttle.retryAfterSec))
        .header('cache-control', 'no-store')
        .send({
          error: 'slow_down',
          error_description: `Too many requests; try again in ${throttle.retryAfterSec} seconds.`,
        });
    }
    (request.raw as typeof request.raw & { body?: unknown }).body = body.success ? body.data : {};
    reply.hijack();
    handle(request.raw, reply.raw);
    return reply;
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
