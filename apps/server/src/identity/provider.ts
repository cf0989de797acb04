import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from 'pino';
import type { IdentityConfig } from '../config/config.ts';
import { findAccountById } from '../store/accounts.ts';
import type { Db } from '../store/database.ts';
import { findClientMetadata, isDeviceClient } from './clients.ts';
import { saveNewSessionOfCodePage } from './code-page-session.ts';
import { deviceTokenClaims, recordDeviceGrant } from './device-activations.ts';
import { successSource, userCodeConfirmSource, userCodeInputSource } from './device-flow-sources.ts';
import { addDeviceInterval, createSlowDown } from './device-polling.ts';
import { grantStillAllowed } from './grant-policy.ts';
import type { IdentityKeys } from './keys.ts';
import { createPgAdapter, revokeGrant } from './oidc-adapter.ts';
import { errorPage, logoutPage, signedOutPage } from './pages/message-pages.ts';
import { endGrantOfTokenFromAnotherClient } from './refresh-token-of-another-client.ts';
import { apiScopes, deviceApiScopes } from './roles.ts';

/** Auth0's paths, so the board app works unchanged against Auth0. */
export const identityRoutes = Object.freeze({
  authorization: '/authorize',
  token: '/oauth/token',
  device_authorization: '/oauth/device/code',
  code_verification: '/activate',
  revocation: '/oauth/revoke',
  userinfo: '/userinfo',
  jwks: '/.well-known/jwks.json',
  end_session: '/oidc/logout',
});

const DAY = 24 * 60 * 60;
const SESSION_TTL_SEC = 8 * 60 * 60;

export interface ProviderDeps {
  readonly config: IdentityConfig;
  readonly db: Db;
  readonly keys: IdentityKeys;
  readonly log: Logger;
}

export function createProvider({ config, db, keys, log }: ProviderDeps): Provider {
  const longCookie = { signed: true, secure: config.secureCookies, sameSite: 'lax' } as const;
  const configuration: Configuration = {
    // A refresh token used again within 30 s (a retry) rotates again instead of ending the grant (IDN-19).
    adapter: createPgAdapter(db, (clientId) => findClientMetadata(db, config, clientId)),
    jwks: { keys: keys.signing as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: [...keys.cookies],
      long: longCookie,
      short: { signed: true, secure: config.secureCookies, sameSite: 'lax' },
    },
    routes: identityRoutes,
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: { openid: ['sub', 'org_id'], email: ['email', 'email_verified'], profile: ['name'] },
    // ID tokens carry the scopes' claims (org_id above) even when an access token is issued too (IDN-08).
    conformIdTokenClaims: false,
    // display_board_id: the board a screen asks to show, with its device code (IDN-16).
    extraParams: ['organization', 'audience', 'display_board_id'],
    extraClientMetadata: { properties: ['customer_id'] },
    responseTypes: ['code', 'none'],
    pkce: { required: () => true },
    clientDefaults: { id_token_signed_response_alg: 'RS256', token_endpoint_auth_method: 'none' },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'], userinfoSigningAlgValues: ['RS256'] },
    features: {
      devInteractions: { enabled: false },
      deviceFlow: { enabled: true, userCodeInputSource, userCodeConfirmSource, successSource },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        // Auth0 names the API with `audience`; RFC 8707 with `resource`. Both land here.
        defaultResource: async (ctx) => {
          const audience = (ctx.oidc.params as { audience?: unknown } | undefined)?.audience;
          return typeof audience === 'string' && audience !== '' ? audience : config.audience;
        },
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource, client) => {
          if (resource !== config.audience) throw new errors.InvalidTarget();
          return {
            // A screen's token never holds more than a screen needs, whatever its grant says (IDN-16).
            scope: (isDeviceClient(client) ? deviceApiScopes : apiScopes).join(' '),
            audience: config.audience,
            accessTokenTTL: config.accessTokenTtlSec,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    findAccount: async (ctx, sub, token) => {
      const account = await findAccountById(db, sub);
      // Every token issue (code, refresh, device code) finds the account: a grant the account
      // could not be given today (disabled, role lowered) ends here, with invalid_grant (IDN-13).
      const grantId = (token as { grantId?: string } | undefined)?.grantId;
      if (grantId && ctx?.oidc?.client) {
        const grant = ctx.oidc.entities.Grant ?? (await ctx.oidc.provider.Grant.find(grantId));
        if (!account || (grant && !grantStillAllowed(account, ctx.oidc.client, grant))) {
          await revokeGrant(db, grantId);
          return undefined;
        }
      }
      if (!account || account.disabled_at) return undefined;
      return {
        accountId: account.id,
        claims: async () => ({
          sub: account.id,
          email: account.email,
          email_verified: true,
          name: account.name,
          org_id: account.auth_org_id,
        }),
      };
    },
    extraTokenClaims: async (ctx, token) => {
      const accountId = (token as { accountId?: string }).accountId;
      const account = accountId ? await findAccountById(db, accountId) : undefined;
      if (!account) return undefined;
      const device = await deviceTokenClaims(db, ctx, token as { grantId?: string });
      return { org_id: account.auth_org_id, ...device };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    rotateRefreshToken: true,
    ttl: {
      AccessToken: config.accessTokenTtlSec,
      AuthorizationCode: 60,
      DeviceCode: config.deviceCodeTtlSec,
      IdToken: 60 * 60,
      Interaction: 30 * 60,
      Session: SESSION_TTL_SEC,
      // A device stays signed in while it stays activated: its grant outlives any refresh token.
      Grant: (ctx) => (isDeviceClient(ctx?.oidc.client) ? 10 * 365 * DAY : 14 * DAY),
      RefreshToken: (ctx, _token, client) => {
        // Sliding for devices: every rotation gets the full lifetime again.
        if (isDeviceClient(client)) return 180 * DAY;
        // A browser's rotated token keeps the remaining lifetime of the one it replaced.
        return ctx?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? 14 * DAY;
      },
    },
    clientBasedCORS: (_ctx, origin) => origin === config.boardOrigin,
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage('Sign-in problem', describeError(out.error, out.error_description));
    },
  };

  const provider = new Provider(config.issuer, configuration);
  // Forwarded headers reaching the provider were checked against TRUSTED_PROXIES first (FND-24).
  provider.proxy = true;
  provider.use(async function unexpectedErrorsAsPages(ctx, next) {
    try {
      await next();
    } catch (error) {
      // Errors the provider did not handle itself: a page and a log line, never Koa's plain-text answer.
      log.error({ err: error }, 'unexpected error');
      ctx.status = 500;
      ctx.type = 'html';
      ctx.body = errorPage('Sign-in problem', 'Internal server error.');
    }
  });
  // Inside the error page above: a new session the code page re-rendered into is saved, not a 500 (IDN-11).
  provider.use(saveNewSessionOfCodePage(SESSION_TTL_SEC, longCookie));
  provider.use(addDeviceInterval);
  provider.use(createSlowDown());
  provider.use(endGrantOfTokenFromAnotherClient(db));
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    recordDeviceGrant(db, ctx).catch((error: unknown) =>
      log.error({ err: error }, 'recording a device grant failed'),
    );
  });
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) =>
    log.error({ err: error }, 'identity provider error'),
  );
  return provider;
}

function describeError(code: unknown, description: unknown): string {
  const text = typeof description === 'string' && description.length < 300 ? description : '';
  return `${text || 'The request could not be completed.'} (${String(code ?? 'error')})`;
}
