import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { findAccountByEmail, findAccountById } from '../store/accounts.ts';
import { findCustomerIdByOrg } from '../store/customers.ts';
import type { Db } from '../store/database.ts';
import { findConnectionForDomain, hasEnabledConnection } from '../store/sign-in-connections.ts';
import { isDeviceClient } from './clients.ts';
import { grantByPolicy } from './consent.ts';
import { beginFederatedSignIn } from './federation/federation-routes.ts';
import { continuePage, emailFirstPage } from './pages/federation-pages.ts';
import { errorPage } from './pages/message-pages.ts';
import { signInPage } from './pages/sign-in-page.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './password.ts';
import type { Throttles } from './throttle.ts';

const WRONG_CREDENTIALS = 'The email or password is not right.';
const PASSWORDS_OFF =
  "Password sign-in is turned off for your organization. Sign in with your organization's account: enter your work email.";
const signInBody = z.object({
  email: z.string().max(254).default(''),
  password: z.string().max(200).default(''),
});
const emailBody = z.object({ email: z.string().max(254).default('') });
const uidParams = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/) });

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The customer a board or console names with `organization`; undefined: none named (or not known). */
async function customerOfInteraction(db: Db, interaction: Details): Promise<string | undefined | null> {
  const organization = (interaction.params as { organization?: unknown }).organization;
  if (typeof organization !== 'string' || organization === '') return undefined;
  // Named but not known: no connection can serve it (null matches no customer).
  return (await findCustomerIdByOrg(db, organization)) ?? null;
}

/** The domain of an email address, lower case; undefined when it has none. */
function domainOf(email: string): string | undefined {
  const at = email.trim().lastIndexOf('@');
  return at > 0
    ? email
        .trim()
        .slice(at + 1)
        .toLowerCase()
    : undefined;
}

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
      const customer = await customerOfInteraction(db, interaction);
      // Email first when a connection might serve this person; else the password form, as before (IDN-24).
      if (customer !== null && (await hasEnabledConnection(db, customer)))
        return html(
          reply,
          200,
          emailFirstPage({
            action: `/interaction/${uid}/email`,
            abortAction: `/interaction/${uid}/abort`,
            purpose: purposeOf(client, isDeviceClient(client), interaction.params.redirect_uri),
          }),
        );
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

  /** The connection serving the email's domain (of the named customer only), as a redirect to its provider. */
  async function toConnection(reply: FastifyReply, interaction: Details, email: string) {
    const domain = domainOf(email);
    const customer = await customerOfInteraction(db, interaction);
    if (!domain || customer === null) return undefined;
    const connection = await findConnectionForDomain(db, domain, customer);
    if (!connection) return undefined;
    const { path } = await beginFederatedSignIn(db, connection.id, { interactionUid: interaction.uid });
    return html(reply, 200, continuePage(path));
  }

  app.post('/interaction/:uid/email', async (request, reply) => {
    if (!uidParams.safeParse(request.params).success)
      return html(reply, 400, errorPage('Sign-in problem', 'This address is not valid.'));
    const interaction = await details(request, reply);
    if (!interaction) return reply;
    const body = emailBody.safeParse(request.body ?? {});
    const email = body.success ? body.data.email.trim() : '';
    const client = await provider.Client.find(String(interaction.params.client_id));
    const uid = interaction.uid;
    const purpose = purposeOf(client, isDeviceClient(client), interaction.params.redirect_uri);
    if (interaction.prompt.name !== 'login' || !email.includes('@'))
      return html(
        reply,
        400,
        emailFirstPage({
          action: `/interaction/${uid}/email`,
          abortAction: `/interaction/${uid}/abort`,
          purpose,
          email,
          error: 'Enter your email address.',
        }),
      );
    const redirected = await toConnection(reply, interaction, email);
    if (redirected) return redirected;
    // No connection serves this domain: the password, if the customer allows one for the account.
    return html(
      reply,
      200,
      signInPage({
        action: `/interaction/${uid}/login`,
        abortAction: `/interaction/${uid}/abort`,
        purpose,
        email,
      }),
    );
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
    // An email its organization signs in goes there, whatever was typed as a password (IDN-24).
    const redirected = await toConnection(reply, interaction, email);
    if (redirected) return redirected;

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
    // Only break-glass accounts may still use a password when the customer turned passwords off (IDN-29).
    if (account.password_sign_in === 'break_glass_only' && !account.break_glass)
      return again(403, PASSWORDS_OFF);
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
