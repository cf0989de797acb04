import { type CustomerConfig, type RuntimeConfig, standardFlowScopes } from '@careboard/contracts';
import * as oauth from 'oauth4webapi';
import type { Fetch } from '../../http/http-client.ts';
import { safeNextPath } from '../auth-flow.ts';
import { discoverAuthorizationServer } from '../oauth/discover-authorization-server.ts';
import { oauthRequestOptions } from '../oauth/oauth-options.ts';
import type { TokenSet } from '../tokens/token-set.ts';
import { authorizationUrl } from './authorization-url.ts';
import { checkOrganization, ID_TOKEN_LEEWAY_SEC } from './id-token-checks.ts';
import type { LoginTransactionStorage } from './login-transaction.ts';

export interface StandardFlowDeps {
  readonly config: Pick<
    RuntimeConfig,
    'AUTH_DOMAIN' | 'AUTH_CLIENT_ID' | 'AUTH_AUDIENCE' | 'LOGOUT_CALLBACK_URL'
  >;
  readonly customer: Pick<CustomerConfig, 'auth_org_id'>;
  readonly fetch: Fetch;
  readonly transactions: LoginTransactionStorage;
  /** The app's origin, for the redirect URI. */
  readonly origin: string;
  /**
   * The app's callback route, registered with the provider as `origin + callbackPath`:
   * `/auth/callback` for the board, the console's own for the console (decision CON-16).
   */
  readonly callbackPath: string;
}

export interface StandardFlow {
  /** The authorize URL to redirect to; remembers state, nonce, verifier and `next`. */
  loginUrl(next: string): Promise<string>;
  /** Checks the callback and exchanges the code; answers the tokens and the path to go to. */
  completeLogin(callbackUrl: string): Promise<{ tokens: TokenSet; next: string }>;
  refresh(refreshToken: string): Promise<TokenSet>;
  revoke(refreshToken: string): Promise<void>;
  /** The provider's end-session URL, back to LOGOUT_CALLBACK_URL. */
  logoutUrl(): Promise<string>;
}

export function createStandardFlow(deps: StandardFlowDeps): StandardFlow {
  const options = oauthRequestOptions(deps.config.AUTH_DOMAIN, deps.fetch);
  const redirectUri = `${deps.origin}${deps.callbackPath}`;
  const client: oauth.Client = {
    client_id: deps.config.AUTH_CLIENT_ID,
    // The ID token must be RS256; oauth4webapi rejects any other alg with this set.
    id_token_signed_response_alg: 'RS256',
    [oauth.clockTolerance]: ID_TOKEN_LEEWAY_SEC,
  };
  let metadata: Promise<oauth.AuthorizationServer> | undefined;

  /** Discovery once per page; a failed one is forgotten so the next call tries again. */
  function authorizationServer(): Promise<oauth.AuthorizationServer> {
    metadata ??= discoverAuthorizationServer(deps.config.AUTH_DOMAIN, options).catch((error: unknown) => {
      metadata = undefined;
      throw error;
    });
    return metadata;
  }

  return {
    async loginUrl(next) {
      const as = await authorizationServer();
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const nonce = oauth.generateRandomNonce();
      deps.transactions.save({ state, nonce, codeVerifier, next: safeNextPath(next) });
      return authorizationUrl(as, {
        clientId: deps.config.AUTH_CLIENT_ID,
        redirectUri,
        audience: deps.config.AUTH_AUDIENCE,
        organization: deps.customer.auth_org_id,
        state,
        nonce,
        codeChallenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      }).href;
    },

    async completeLogin(callbackUrl) {
      const transaction = deps.transactions.take();
      if (!transaction) throw new Error('No sign-in is in progress in this tab');
      const as = await authorizationServer();
      // Throws on an `error` answer and on a state that is not ours.
      const params = oauth.validateAuthResponse(as, client, new URL(callbackUrl), transaction.state);
      if (!params.get('code')) throw new Error('The sign-in answer has no code');
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        redirectUri,
        transaction.codeVerifier,
        options,
      );
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: transaction.nonce,
        requireIdToken: true,
      });
      checkOrganization(oauth.getValidatedIdTokenClaims(tokens), deps.customer.auth_org_id);
      // jose is loaded with the callback only, keeping it out of the first load.
      const { verifyIdTokenSignature } = await import('./verify-id-token-signature.ts');
      await verifyIdTokenSignature(tokens.id_token as string, as, deps.config.AUTH_CLIENT_ID);
      return { tokens, next: transaction.next };
    },

    async refresh(refreshToken) {
      const as = await authorizationServer();
      const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, {
        ...options,
        additionalParameters: { scope: standardFlowScopes.join(' ') },
      });
      return oauth.processRefreshTokenResponse(as, client, response);
    },

    async revoke(refreshToken) {
      const as = await authorizationServer();
      if (!as.revocation_endpoint) return;
      const response = await oauth.revocationRequest(as, client, oauth.None(), refreshToken, options);
      await oauth.processRevocationResponse(response);
    },

    async logoutUrl() {
      const as = await authorizationServer();
      if (!as.end_session_endpoint) return deps.config.LOGOUT_CALLBACK_URL;
      const url = new URL(as.end_session_endpoint);
      url.searchParams.set('client_id', deps.config.AUTH_CLIENT_ID);
      url.searchParams.set('post_logout_redirect_uri', deps.config.LOGOUT_CALLBACK_URL);
      return url.href;
    },
  };
}
