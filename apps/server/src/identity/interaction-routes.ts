import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { findAccountByEmail, findAccountById } from '../store/accounts.ts';
import type { Db } from '../store/database.ts';
import { isDeviceClient } from './clients.ts';
import { grantByPolicy } from './consent.ts';
import { errorPage } from './pages/message-pages.ts';
import { signInPage } from './pages/sign-in-page.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './password.ts';
import type { Throttles } from './throttle.ts';

const WRONG_CREDENTIALS = 'The email or password is not right.';
const signInBody = z.object({
  email: z.string().max(254).default(''),
  password: z.string().max(200).default(''),
});
const uidParams = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/) });

interface Options {
  readonly provider: Provider;
  readonly db: Db;
  readonly throttles: Throttles;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/**
 * The provider's interactions, server-rendered: sign in with email and
 * password; consent is granted by policy (consent.ts); Cancel ends the
 * request with access_denied.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  { provider, db, throttles }: Options,
): Promise<void> {
  async function details(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      await html(
        reply,
        400,
        errorPage(
          'Sign-in expired',
          'This sign-in has expired or was already used. Go back to the display or the board and start again.',
        ),
      );
      return undefined;
    }
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) {
    const to = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: true,
    });
    return reply.header('cache-control', 'no-store').redirect(to, 303);
  }

  /** What the sign-in is for, in the words of where the person came from (the console returns to /console/). */
  function purposeOf(
    client: { clientName?: string } | undefined,
    device: boolean,
    redirectUri: unknown,
  ): string {
    const name = client?.clientName ?? 'Careboard';
    if (device) return `Sign in to activate a display of ${name}.`;
    const toConsole =
      typeof redirectUri === 'string' && new URL(redirectUri, 'http://x').pathname.startsWith('/console/');
    return toConsole ? 'Sign in to the Careboard console.' : 'Sign in to show Careboard boards.';
  }

  app.get('/interaction/:uid', async (request, reply) => {
    if (!uidParams.safeParse(request.params).success)
      return html(reply, 400, errorPage('Sign-in problem', 'This address is not valid.'));
    const interaction = await details(request, reply);
    if (!interaction) return reply;
    const client = await provider.Client.find(String(interaction.params.client_id));
    if (!client)
      return html(
        reply,
        400,
        errorPage('Sign-in problem', 'The application asking to sign in is not known.'),
      );
    const uid = interaction.uid;
    if (interaction.prompt.name === 'login') {
      return html(
        reply,
        200,
        signInPage({
          action: `/interaction/${uid}/login`,
          abortAction: `/interaction/${uid}/abort`,
          purpose: purposeOf(client, isDeviceClient(client), interaction.params.redirect_uri),
        }),
      );
    }
    const account = interaction.session?.accountId
      ? await findAccountById(db, interaction.session.accountId)
      : undefined;
    if (!account || account.disabled_at)
      return finish(request, reply, { error: 'login_required', error_description: 'Sign in again.' });
    const consent = await grantByPolicy(provider, interaction, client, account);
    if (!consent.ok)
      return finish(request, reply, { error: consent.error, error_description: consent.description });
    return finish(request, reply, { consent: { grantId: consent.grantId } });
  });

  app.post('/interaction/:uid/login', async (request, reply) => {
    const params = uidParams.safeParse(request.params);
    const body = signInBody.safeParse(request.body ?? {});
    if (!params.success) return html(reply, 400, errorPage('Sign-in problem', 'This address is not valid.'));
    const interaction = await details(request, reply);
    if (!interaction) return reply;
    const client = await provider.Client.find(String(interaction.params.client_id));
    const uid = interaction.uid;
    const email = body.success ? body.data.email : '';
    const again = (status: number, error: string) =>
      html(
        reply,
        status,
        signInPage({
          action: `/interaction/${uid}/login`,
          abortAction: `/interaction/${uid}/abort`,
          purpose: purposeOf(client, isDeviceClient(client), interaction.params.redirect_uri),
          email,
          error,
        }),
      );
    if (!body.success || interaction.prompt.name !== 'login') return again(400, WRONG_CREDENTIALS);

    const throttle = await throttles.signIn(email, request.ip);
    if (!throttle.allowed) {
      reply.header('retry-after', String(throttle.retryAfterSec));
      return again(
        429,
        `Too many sign-in attempts from this network. Wait ${Math.ceil(throttle.retryAfterSec / 60)} minutes, then try again.`,
      );
    }
    // An address that keeps failing for this account waits before its answer; the account is never locked (IDN-14).
    if (throttle.delayMs) await sleep(throttle.delayMs);
    const account = await findAccountByEmail(db, email);
    // Unknown accounts cost a hash check too, so timing tells nothing about which emails exist.
    const valid = await verifyPassword(
      body.data.password,
      account?.password_hash ?? (await DUMMY_HASH_PROMISE),
    );
    // A disabled account gets the same answer as a wrong password (IDN-13).
    if (!account || !valid || account.disabled_at) return again(401, WRONG_CREDENTIALS);
    await throttles.signInSucceeded(email, request.ip);
    return finish(request, reply, { login: { accountId: account.id } });
  });

  app.post('/interaction/:uid/abort', async (request, reply) => {
    if (!uidParams.safeParse(request.params).success)
      return html(reply, 400, errorPage('Sign-in problem', 'This address is not valid.'));
    const interaction = await details(request, reply);
    if (!interaction) return reply;
    return finish(request, reply, {
      error: 'access_denied',
      error_description: 'End-User aborted interaction',
    });
  });
}
