import type { CustomerConfig, RuntimeConfig } from '@careboard/contracts';
import type { Fetch } from '../http/http-client.ts';
import type { AppStore, AuthFlow } from '../state/app-store.ts';
import { signInPath } from './auth-flow.ts';
import { createDeviceEndpoints, type DeviceEndpoints } from './device/device-endpoints.ts';
import type { LoginTransactionStorage } from './standard/login-transaction.ts';
import { createStandardFlow } from './standard/standard-flow.ts';
import type { RefreshTokenStorage } from './tokens/refresh-token-storage.ts';
import { renewWithStoredToken } from './tokens/renew-with-stored-token.ts';
import { createRenewalScheduler, RENEWAL_RETRY_MS } from './tokens/renewal-scheduler.ts';
import { clearSession, onTokenRenewed, setAccessToken } from './tokens/session.ts';
import { type LockManagerLike, withTokenLock } from './tokens/token-lock.ts';
import type { TokenSet } from './tokens/token-set.ts';

/** The page-level effects the auth service needs; the browser's in the app, fakes in tests. */
export interface BrowserNavigation {
  readonly origin: string;
  /** Path and query of the current page, for `next`. */
  currentPath(): string;
  assign(url: string): void;
  reload(): void;
}

export interface AuthServiceDeps {
  readonly config: RuntimeConfig;
  readonly customer: CustomerConfig;
  readonly store: AppStore;
  readonly fetch: Fetch;
  readonly refreshTokens: RefreshTokenStorage;
  readonly transactions: LoginTransactionStorage;
  readonly locks: LockManagerLike | undefined;
  readonly browser: BrowserNavigation;
}

export type RestoreResult = 'authenticated' | 'no-session';

export interface AuthService {
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
  readonly device: DeviceEndpoints;
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

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { config, store, browser } = deps;
  const standard = createStandardFlow({
    config,
    customer: deps.customer,
    fetch: deps.fetch,
    transactions: deps.transactions,
    origin: browser.origin,
  });
  const device = createDeviceEndpoints({
    config,
    deviceClientId: deps.customer.auth_device_client_id,
    fetch: deps.fetch,
  });
  const restoring = new Map<AuthFlow, Promise<RestoreResult>>();
  let disposed = false;

  function refresh(flow: AuthFlow, refreshToken: string): Promise<TokenSet> {
    return flow === 'device' ? device.refresh(refreshToken) : standard.refresh(refreshToken);
  }

  function acceptTokens(flow: AuthFlow, tokens: TokenSet): void {
    if (tokens.refresh_token) deps.refreshTokens.set(flow, tokens.refresh_token);
    const claims = setAccessToken(store, flow, tokens.access_token);
    scheduler.schedule(claims.exp);
  }

  const renewDeps = { locks: deps.locks, storage: deps.refreshTokens, refresh, accept: acceptTokens };

  const scheduler = createRenewalScheduler({
    inAdvanceSec: config.REFRESH_TOKEN_IN_ADVANCE_SEC,
    renew: () => renewWithStoredToken(renewDeps, store.getState().session.flow ?? 'standard'),
    onSessionLost() {
      const flow = store.getState().session.flow ?? 'standard';
      clearSession(store);
      // A fresh page: the sign-in (or a new device code) starts from nothing.
      browser.assign(signInPath(flow, browser.currentPath()));
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
      await withTokenLock(deps.locks, async function revokeAndForget() {
        const standardToken = deps.refreshTokens.get('standard');
        const deviceToken = deps.refreshTokens.get('device');
        // Best effort: the tokens are forgotten here whether or not the provider hears of it.
        await Promise.allSettled([
          standardToken ? standard.revoke(standardToken) : undefined,
          deviceToken ? device.revoke(deviceToken) : undefined,
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

    device,

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
