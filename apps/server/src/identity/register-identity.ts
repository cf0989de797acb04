import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Db } from '../store/database.ts';
import { deleteExpiredSignInRequests } from '../store/sign-in-requests.ts';
import { createAccountAccess, tokensAsIssued } from './account-access.ts';
import { createBoardAccess } from './board-access.ts';
import { createDeviceCodeApproval } from './device-code-approval.ts';
import { federationRoutes } from './federation/federation-routes.ts';
import { interactionRoutes } from './interaction-routes.ts';
import { loadOrCreateKeys } from './keys.ts';
import { activateRoute, deviceAuthorizationRoute, mountProvider } from './mount-provider.ts';
import { deleteExpiredPayloads } from './oidc-adapter.ts';
import { createProvider } from './provider.ts';
import { type Auth, createAuth } from './require-scopes.ts';
import { createThrottles, type Throttles } from './throttle.ts';
import { createAccessTokenVerifier, keySetFor } from './verify-access-token.ts';

export interface IdentityOptions {
  readonly config: Config;
  readonly db: Db;
  readonly log: Logger;
  readonly throttles?: Throttles;
}

/** Expired provider rows go within minutes: unauthenticated requests create them (IDN-15). */
const CLEANUP_EVERY_MS = 5 * 60 * 1000;

/**
 * The embedded OpenID provider (when AUTH_DOMAIN is this server) and the
 * token verification every API route and live connection uses, against the
 * embedded provider's keys or an external issuer's JWKS.
 */
export async function registerIdentity(
  app: FastifyInstance,
  { config, db, log, throttles }: IdentityOptions,
): Promise<Auth> {
  const identity = config.identity;
  const keys = identity.embedded ? await loadOrCreateKeys(db) : { signing: [], cookies: [] };
  const auth = createAuth(
    createAccessTokenVerifier(db, identity, keySetFor(identity, keys.signing)),
    createBoardAccess(db),
    // The accounts are the embedded provider's; an external issuer's tokens name none here (IDN-22).
    identity.embedded ? createAccountAccess(db) : tokensAsIssued,
  );
  if (!identity.embedded) return auth;

  const provider = createProvider({ config: identity, db, keys, log });
  const limits = throttles ?? createThrottles();
  // The console's pairing types a screen's code too: it spends the code page's budgets (IDN-21).
  app.decorate('deviceCodes', createDeviceCodeApproval(provider, identity.audience, limits));
  mountProvider(app, provider, limits);
  await app.register(async (pages) => {
    await pages.register(formbody, { bodyLimit: 16 * 1024 });
    await pages.register(interactionRoutes, { provider, db, throttles: limits });
    await pages.register(activateRoute, { provider, throttles: limits });
    await pages.register(deviceAuthorizationRoute, { provider, throttles: limits });
  });
  // The hospitals' own providers (IDN-23): their answers come back here, with a larger form body (SAML).
  await app.register(federationRoutes, {
    provider,
    db,
    publicUrl: config.publicUrl,
    log,
    accountsChanged: (accountId: string) => auth.accounts.changed(accountId),
  });

  const cleanup = setInterval(() => {
    Promise.all([deleteExpiredPayloads(db), deleteExpiredSignInRequests(db)]).catch((error: unknown) =>
      log.warn({ err: error }, 'expired identity artifacts were not removed'),
    );
  }, CLEANUP_EVERY_MS);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
  return auth;
}
