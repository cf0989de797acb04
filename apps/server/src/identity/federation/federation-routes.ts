import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Logger } from 'pino';
import { z } from 'zod';
import { findCustomer } from '../../store/customers.ts';
import type { Db } from '../../store/database.ts';
import { type ConnectionRow, findConnectionById } from '../../store/sign-in-connections.ts';
import {
  consumeSignInRequest,
  findOpenSignInRequest,
  insertSignInRequest,
  markAssertionSeen,
  type SignInRequest,
  startSignInRequest,
} from '../../store/sign-in-requests.ts';
import {
  federationErrorPage,
  type RefusalReason,
  refusalPage,
  refusalText,
  testResultPage,
} from '../pages/federation-pages.ts';
import { errorPage } from '../pages/message-pages.ts';
import { claimText, claimValues, hasGroupsOverage } from './claims.ts';
import { settingText, settingTexts } from './connection-settings.ts';
import { connectionUrls, SIGN_IN_PREFIX } from './connection-urls.ts';
import { type FederatedAnswer, roleOf, signInFederated } from './federated-sign-in.ts';
import { answerOf, authorizationUrl, newOidcChecks, publicJwks } from './oidc-rp.ts';
import {
  authnRequestUrl,
  CLOCK_SKEW_MS,
  SamlRefused,
  type SamlSp,
  spMetadataXml,
  validateResponse,
} from './saml-sp.ts';

/** A request to a provider has ten minutes to come back (a person typing a password and a code). */
const REQUEST_TTL_SEC = 10 * 60;
/** A SAMLResponse with its signatures and certificates is some kilobytes; a megabyte is plenty. */
const ACS_BODY_LIMIT = 1024 * 1024;

const idParams = z.object({ id: z.guid() });
const startQuery = z.object({ request: z.string().regex(/^[\w-]{20,100}$/) });
const callbackQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
});
const acsBody = z.object({
  SAMLResponse: z.string().min(1).max(ACS_BODY_LIMIT),
  RelayState: z.string().max(200).optional(),
});

type Interaction = NonNullable<Awaited<ReturnType<Provider['Interaction']['find']>>>;

/** What a sign-in is for: the embedded provider's interaction, or an admin's test (no account). */
export type SignInPurpose = { readonly interactionUid: string } | { readonly testBy: string };

/**
 * Begins a sign-in through a connection: a request with a random id (the OIDC `state`, the SAML
 * `RelayState`), and the address that sends the browser on to the provider (IDN-24).
 */
export async function beginFederatedSignIn(
  db: Db,
  connectionId: string,
  purpose: SignInPurpose,
): Promise<{ readonly path: string; readonly expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  await insertSignInRequest(
    db,
    {
      id,
      connection_id: connectionId,
      interaction_uid: 'interactionUid' in purpose ? purpose.interactionUid : null,
      test_by: 'testBy' in purpose ? purpose.testBy : null,
    },
    REQUEST_TTL_SEC,
  );
  return {
    path: `${SIGN_IN_PREFIX}/${connectionId}/start?request=${id}`,
    expiresAt: new Date(Date.now() + REQUEST_TTL_SEC * 1000),
  };
}

interface Options {
  readonly provider: Provider;
  readonly db: Db;
  readonly publicUrl: string;
  readonly log: Logger;
  /** This node's live connections of these accounts check them again at once (IDN-22). */
  readonly accountsChanged: (accountId: string) => void;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

const expiredPage = () =>
  errorPage(
    'Sign-in expired',
    'This sign-in has expired or was already used. Go back to the display or the board and start again.',
  );

function samlSpOf(connection: ConnectionRow, publicUrl: string): SamlSp | undefined {
  const idp = connection.saml_idp as { entityId?: unknown; ssoUrl?: unknown; certificates?: unknown } | null;
  if (
    !idp ||
    typeof idp.entityId !== 'string' ||
    typeof idp.ssoUrl !== 'string' ||
    !Array.isArray(idp.certificates)
  )
    return undefined;
  const urls = connectionUrls(publicUrl, connection.id);
  return {
    spEntityId: urls.spEntityId,
    acsUrl: urls.acsUrl,
    idp: { entityId: idp.entityId, ssoUrl: idp.ssoUrl, certificates: idp.certificates.map(String) },
  };
}

/** An OIDC answer through the connection's claim names; Entra ID's groups overage as the connection says (IDN-27). */
function oidcAnswer(
  connection: ConnectionRow,
  claims: Readonly<Record<string, unknown>>,
): FederatedAnswer | RefusalReason {
  const acr = settingTexts(connection.settings, 'acr_values', []);
  if (acr.length > 0 && !acr.includes(String(claims.acr))) return 'acr';
  const groupsClaim = settingText(connection.settings, 'groups_claim', 'groups');
  let groups = claimValues(claims, groupsClaim);
  if (groups.length === 0 && hasGroupsOverage(claims, groupsClaim)) {
    if (settingText(connection.settings, 'groups_overage', 'refuse') !== 'use_roles') return 'groups_overage';
    groups = claimValues(claims, settingText(connection.settings, 'roles_claim', 'roles'));
  }
  return {
    subject: claimText(claims, settingText(connection.settings, 'subject_claim', 'sub')),
    email: claimText(claims, settingText(connection.settings, 'email_claim', 'email')),
    name: claimText(claims, settingText(connection.settings, 'name_claim', 'name')),
    groups,
  };
}

function samlAnswer(
  connection: ConnectionRow,
  nameId: string,
  attributes: Readonly<Record<string, readonly string[]>>,
): FederatedAnswer {
  const first = (name: string) => attributes[name]?.[0];
  return {
    subject: nameId,
    email: first(settingText(connection.settings, 'email_attribute', 'email')),
    name: first(settingText(connection.settings, 'name_attribute', 'name')),
    groups: [...(attributes[settingText(connection.settings, 'groups_attribute', 'groups')] ?? [])],
  };
}

/**
 * The connections' own addresses (decisions IDN-24, IDN-27, IDN-28): the start that sends the
 * browser to the provider, the OIDC redirect URI, the SAML ACS and SP metadata, and the public
 * key of private_key_jwt. Every answer is checked before anything else, and its request is taken
 * once; then the person's account is found or made and the embedded provider's interaction ends
 * with their sign-in, or a test shows what came back.
 */
export async function federationRoutes(
  app: FastifyInstance,
  { provider, db, publicUrl, log, accountsChanged }: Options,
): Promise<void> {
  await app.register(formbody, { bodyLimit: ACS_BODY_LIMIT });

  async function connectionOf(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<ConnectionRow | undefined> {
    const params = idParams.safeParse(request.params);
    const connection = params.success ? await findConnectionById(db, params.data.id) : undefined;
    if (!connection)
      await html(reply, 404, errorPage('Sign-in problem', 'This sign-in connection is not known.'));
    return connection;
  }

  /** The provider's answer, read: the person signs in, is refused, or (a test) sees what came. */
  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    connection: ConnectionRow,
    signIn: SignInRequest,
    answer: FederatedAnswer | RefusalReason,
    received: Readonly<Record<string, unknown>>,
  ) {
    if (signIn.test_by !== null) {
      const role = typeof answer === 'string' ? null : await roleOf(db, connection, answer.groups);
      return html(
        reply,
        200,
        testResultPage({
          connectionName: connection.name,
          received,
          subject: typeof answer === 'string' ? undefined : answer.subject,
          email: typeof answer === 'string' ? undefined : answer.email,
          name: typeof answer === 'string' ? undefined : answer.name,
          groups: typeof answer === 'string' ? [] : answer.groups,
          role,
          refusal:
            typeof answer === 'string'
              ? refusalText(answer, 'en-US')
              : role === null
                ? refusalText('no_role', 'en-US')
                : undefined,
        }),
      );
    }
    const customer = await findCustomer(db, connection.customer_id);
    const locale = customer?.locale ?? 'en-US';
    if (typeof answer === 'string') return html(reply, 403, refusalPage(answer, locale));
    const interaction = signIn.interaction_uid
      ? await provider.Interaction.find(signIn.interaction_uid)
      : undefined;
    if (!interaction) return html(reply, 400, expiredPage());
    if (!sameOrganization(interaction, customer?.auth_org_id ?? null))
      return html(reply, 403, refusalPage('other_organization', locale));
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const outcome = await db.transaction().execute((trx) => signInFederated(trx, connection, answer, route));
    if (outcome.narrowed && outcome.accountId) accountsChanged(outcome.accountId);
    if (!outcome.ok) return html(reply, 403, refusalPage(outcome.reason, locale));
    interaction.result = { login: { accountId: outcome.accountId } };
    await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    return reply.header('cache-control', 'no-store').redirect(interaction.returnTo, 303);
  }

  /** A board or console that names an organization is signed in only by that customer's connections. */
  function sameOrganization(interaction: Interaction, connectionOrg: string | null): boolean {
    const organization = (interaction as unknown as { params: { organization?: unknown } }).params
      .organization;
    if (typeof organization !== 'string' || organization === '') return true;
    return connectionOrg === organization;
  }

  app.get(`${SIGN_IN_PREFIX}/:id/start`, async (request, reply) => {
    const connection = await connectionOf(request, reply);
    if (!connection) return reply;
    const query = startQuery.safeParse(request.query);
    const open = query.success
      ? await findOpenSignInRequest(db, query.data.request, connection.id)
      : undefined;
    // A disabled connection is still tried by its admin's test, never by a sign-in.
    if (!open || (!connection.enabled && open.test_by === null)) return html(reply, 400, expiredPage());
    const urls = connectionUrls(publicUrl, connection.id);
    try {
      if (connection.kind === 'oidc') {
        const checks = newOidcChecks();
        const started = await startSignInRequest(db, open.id, connection.id, {
          code_verifier: checks.codeVerifier,
          nonce: checks.nonce,
        });
        if (!started) return html(reply, 400, expiredPage());
        const to = await authorizationUrl(connection, urls.redirectUri, open.id, checks, undefined);
        return reply.header('cache-control', 'no-store').redirect(to.toString(), 303);
      }
      const sp = samlSpOf(connection, publicUrl);
      if (!sp) return html(reply, 400, federationErrorPage());
      const { url, requestId } = await authnRequestUrl(sp, open.id);
      const started = await startSignInRequest(db, open.id, connection.id, { saml_request_id: requestId });
      if (!started) return html(reply, 400, expiredPage());
      return reply.header('cache-control', 'no-store').redirect(url, 303);
    } catch (error) {
      log.warn({ err: error, connection: connection.id }, 'a sign-in connection could not be reached');
      return html(
        reply,
        502,
        errorPage(
          'Sign-in problem',
          "Your organization's sign-in could not be reached. Try again in a few minutes; if it keeps failing, tell your organization's Careboard administrator.",
        ),
      );
    }
  });

  app.get(`${SIGN_IN_PREFIX}/:id/oidc/callback`, async (request, reply) => {
    const connection = await connectionOf(request, reply);
    if (!connection) return reply;
    const query = callbackQuery.safeParse(request.query);
    if (!query.success || !query.data.state) return html(reply, 400, expiredPage());
    const signIn = await consumeSignInRequest(db, query.data.state, connection.id);
    if (!signIn || connection.kind !== 'oidc' || !signIn.code_verifier || !signIn.nonce)
      return html(reply, 400, expiredPage());
    if (query.data.error) return html(reply, 403, federationErrorPage());
    let claims: Record<string, unknown>;
    try {
      const current = new URL(request.url, publicUrl);
      claims = await answerOf(connection, current, signIn.id, {
        codeVerifier: signIn.code_verifier,
        nonce: signIn.nonce,
      });
    } catch (error) {
      // The check that failed, never the token or the claims.
      log.warn(
        { connection: connection.id, reason: (error as { code?: string }).code ?? 'failed' },
        'an OIDC answer was refused',
      );
      return html(reply, 400, federationErrorPage());
    }
    return finish(request, reply, connection, signIn, oidcAnswer(connection, claims), claims);
  });

  app.post(`${SIGN_IN_PREFIX}/:id/saml/acs`, async (request, reply) => {
    const connection = await connectionOf(request, reply);
    if (!connection) return reply;
    const body = acsBody.safeParse(request.body ?? {});
    const sp = samlSpOf(connection, publicUrl);
    if (!body.success || !body.data.RelayState || !sp) return html(reply, 400, expiredPage());
    const signIn = await consumeSignInRequest(db, body.data.RelayState, connection.id);
    if (!signIn?.saml_request_id) return html(reply, 400, expiredPage());
    try {
      const answer = await validateResponse(sp, body.data.SAMLResponse, signIn.saml_request_id);
      const keptUntil = new Date(answer.notOnOrAfter.getTime() + CLOCK_SKEW_MS);
      if (!(await markAssertionSeen(db, connection.id, answer.assertionId, keptUntil)))
        throw new SamlRefused('replayed', 'This assertion was used before.');
      return finish(
        request,
        reply,
        connection,
        signIn,
        samlAnswer(connection, answer.nameId, answer.attributes),
        { NameID: answer.nameId, ...answer.attributes },
      );
    } catch (error) {
      if (!(error instanceof SamlRefused)) throw error;
      log.warn(
        { connection: connection.id, reason: error.reason || error.message },
        'a SAML answer was refused',
      );
      return html(reply, 400, federationErrorPage());
    }
  });

  app.get(`${SIGN_IN_PREFIX}/:id/saml/metadata`, async (request, reply) => {
    const connection = await connectionOf(request, reply);
    if (!connection) return reply;
    const sp = samlSpOf(connection, publicUrl);
    if (connection.kind !== 'saml' || !sp)
      return html(reply, 404, errorPage('Sign-in problem', 'This connection is not SAML.'));
    return reply
      .header('cache-control', 'no-cache')
      .type('application/samlmetadata+xml')
      .send(spMetadataXml(sp));
  });

  app.get(`${SIGN_IN_PREFIX}/:id/jwks.json`, async (request, reply) => {
    const connection = await connectionOf(request, reply);
    if (!connection) return reply;
    return reply.header('cache-control', 'no-cache').send(publicJwks(connection));
  });
}
