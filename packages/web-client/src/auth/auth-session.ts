import type { CustomerConfig, RuntimeConfig } from '@careboard/contracts';
import type { Fetch } from '../http/http-client.ts';
import type { AuthFlow } from './auth-flow.ts';
import type { LoginTransactionStorage } from './standard/login-transaction.ts';
import { createStandardFlow } from './standard/standard-flow.ts';
import type { RefreshTokenStorage } from './tokens/refresh-token-storage.ts';
import { renewWithStoredToken } from './tokens/renew-with-stored-token.ts';
import { createRenewalScheduler, RENEWAL_RETRY_MS } from './tokens/renewal-scheduler.ts';
import { clearSession, onTokenRenewed, setAccessToken } from './tokens/session.ts';
import type { SessionStore } from './tokens/session-state.ts';
import type { TokenLock } from './tokens/token-lock.ts';
import type { TokenSet } from './tokens/token-set.ts';

/** The page-level effects the session needs; the browser's in an app, fakes in tests. */
export interface BrowserNavigation {
  readonly origin: string;
  /** Path and query of the current page, for `next`. */
  currentPath(): string;
  assign(url: string): void;
}

/** A grant other than the standard sign-in that the session renews and revokes too (the board's device flow). */
export interface ExtraGrant {
  refresh(refreshToken: string): Promise<TokenSet>;
  revoke(refreshToken: string): Promise<void>;
}

export interface AuthSessionDeps {
  readonly config: Pick<
    RuntimeConfig,
    | 'AUTH_DOMAIN'
    | 'AUTH_CLIENT_ID'
    | 'AUTH_AUDIENCE'
    | 'LOGOUT_CALLBACK_URL'
    | 'REFRESH_TOKEN_IN_ADVANCE_SEC'
  >;
  readonly customer: Pick<CustomerConfig, 'auth_org_id'>;
  readonly store: SessionStore;
  /** The app's HTTP client fetch: the OAuth calls go through it too. */
  readonly fetch: Fetch;
  readonly refreshTokens: RefreshTokenStorage;
  readonly transactions: LoginTransactionStorage;
  readonly lock: TokenLock;
  readonly browser: BrowserNavigation;
  /** The app's sign-in callback route (decision CON-16). */
  readonly callbackPath: string;
  /** Where a lost session sends the page: the app's sign-in route for `flow`, coming back to `next`. */
  readonly signInPath: (flow: AuthFlow, next: string) => string;
  /** The device flow's grant; an app without one (the console) leaves it out. */
  readonly device?: ExtraGrant | undefined;
}

export type RestoreResult = 'authenticated' | 'no-session';

export interface AuthSession {
  /**
   * "Silently fetch a token": renews with the stored refresh token of the flow.
   * Passing failures are retried every 5 s; no token or a refused one answers no-session.
   */
  restoreSession(flow: AuthFlow): Promise<RestoreResult>;
  /** Keeps tokens from a sign-in or a renewal: refresh token to storage, access token to the store, next renewal planned. */
  acceptTokens(flow: AuthFlow, tokens: TokenSet): void;
  /** Redirects to the identity provider's authorize page; `next` is where to come back to. */
  startLogin(next: string): Promise<void>;
  /** Completes the sign-in from the callback URL; answers the path to go to. */
  completeLogin(callbackUrl: string): Promise<string>;
  /** Revokes and forgets the tokens, then leaves for the provider's end-session page. */
  logout(): Promise<void>;
  /**
   * Renews the token at once, as planned renewals do: the live connection was closed as
   * Unauthorized (a revoked screen, BOF-46). A refused renewal ends the session: the
   * sign-in, or a new device code, starts over.
   */
  renewNow(): void;
  /** Each renewed access token, for live connections that re-send it in-band (socket `refreshToken`). */
  onTokenRenewed(listener: (accessToken: string) => void): () => void;
  dispose(): void;
}

/**
 * The signed-in session of an app: the standard sign-in, the stored refresh
 * tokens, renewal ahead of expiry under the cross-tab lock, and logout.
 */
export function createAuthSession(deps: AuthSessionDeps): AuthSession {
  const { config, store, browser } = deps;
  const standard = createStandardFlow({
    config,
    customer: deps.customer,
    fetch: deps.fetch,
    transactions: deps.transactions,
    origin: browser.origin,
    callbackPath: deps.callbackPath,
  });
  const restoring = new Map<AuthFlow, Promise<RestoreResult>>();
  let disposed = false;

  function refresh(flow: AuthFlow, refreshToken: string): Promise<TokenSet> {
    // An app without the device grant keeps no device token under its own keys (CON-15).
    return flow === 'device' && deps.device
      ? deps.device.refresh(refreshToken)
      : standard.refresh(refreshToken);
  }

  function acceptTokens(flow: AuthFlow, tokens: TokenSet): void {
    if (tokens.refresh_token) deps.refreshTokens.set(flow, tokens.refresh_token);
    const claims = setAccessToken(store, flow, tokens.access_token);
    scheduler.schedule(claims.exp);
  }

  const renewDeps = { lock: deps.lock, storage: deps.refreshTokens, refresh, accept: acceptTokens };

  const scheduler = createRenewalScheduler({
    inAdvanceSec: config.REFRESH_TOKEN_IN_ADVANCE_SEC,
    renew: () => renewWithStoredToken(renewDeps, store.getState().session.flow ?? 'standard'),
    onSessionLost() {
      const flow = store.getState().session.flow ?? 'standard';
      clearSession(store);
      // A fresh page: the sign-in (or a new device code) starts from nothing.
      browser.assign(deps.signInPath(flow, browser.currentPath()));
    },
  });

  async function restoreUntilAnswered(flow: AuthFlow): Promise<RestoreResult> {
    for (;;) {
      try {
        const result = await renewWithStoredToken(renewDeps, flow);
        return result === 'renewed' ? 'authenticated' : 'no-session';
      } catch {
        if (disposed) return 'no-session';
        await new Promise((resolve) => setTimeout(resolve, RENEWAL_RETRY_MS));
      }
    }
  }

  return {
    restoreSession(flow) {
      if (store.getState().session.accessToken) return Promise.resolve('authenticated');
      let pending = restoring.get(flow);
      if (!pending) {
        pending = restoreUntilAnswered(flow).finally(() => restoring.delete(flow));
        restoring.set(flow, pending);
      }
      return pending;
    },

    acceptTokens,

    async startLogin(next) {
      browser.assign(await standard.loginUrl(next));
    },

    async completeLogin(callbackUrl) {
      const { tokens, next } = await standard.completeLogin(callbackUrl);
      acceptTokens('standard', tokens);
      return next;
    },

    async logout() {
      scheduler.stop();
      await deps.lock.run(async function revokeAndForget() {
        const standardToken = deps.refreshTokens.get('standard');
        const deviceToken = deps.refreshTokens.get('device');
        // Best effort: the tokens are forgotten here whether or not the provider hears of it.
        await Promise.allSettled([
          standardToken ? standard.revoke(standardToken) : undefined,
          deviceToken && deps.device ? deps.device.revoke(deviceToken) : undefined,
        ]);
        deps.refreshTokens.clear('standard');
        deps.refreshTokens.clear('device');
      });
      clearSession(store);
      let destination = config.LOGOUT_CALLBACK_URL;
      try {
        destination = await standard.logoutUrl();
      } catch {
        // Without the provider's metadata, go straight back to the logout callback.
      }
      browser.assign(destination);
    },

    renewNow() {
      if (!disposed && store.getState().session.accessToken) scheduler.schedule(0);
    },

    onTokenRenewed: (listener) => onTokenRenewed(store, listener),

    dispose() {
      disposed = true;
      scheduler.stop();
    },
  };
}
