import type { CustomerConfig, RuntimeConfig } from '@careboard/contracts';
import {
  type AuthSession,
  type BrowserNavigation,
  clientKeys,
  createAuthSession,
  createStandardFlow,
  type Fetch,
  type LoginTransactionStorage,
  type RefreshTokenStorage,
  type SessionStore,
  type TokenLock,
} from '@careboard/web-client';
import { CALLBACK_PATH, CONSOLE_BASENAME, consoleSignInPath } from './console-paths.ts';
import type { ConsoleProfile, ProfileStorage } from './console-profile.ts';
import { profileFromIdToken } from './console-profile.ts';

/**
 * The console's own browser keys: a board tab on the same origin keeps
 * `careboard.*`, so neither app ever sends a refresh token the other rotated (CON-15).
 */
export const consoleClientKeys = clientKeys('careboard-console');
export const CONSOLE_PROFILE_KEY = 'careboard-console.profile';

export interface ConsoleAuthDeps {
  readonly config: RuntimeConfig;
  readonly customer: CustomerConfig;
  readonly store: SessionStore;
  readonly fetch: Fetch;
  readonly refreshTokens: RefreshTokenStorage;
  readonly transactions: LoginTransactionStorage;
  readonly profiles: ProfileStorage;
  readonly lock: TokenLock;
  /** currentPath() answers the path below /console/, the `next` of a sign-in (CON-22). */
  readonly browser: BrowserNavigation;
}

/** The standard session of @careboard/web-client, as the console uses it. */
export interface ConsoleAuth {
  readonly store: SessionStore;
  /** The stored refresh token, renewed: 'authenticated' or 'no-session'. */
  restore(): ReturnType<AuthSession['restoreSession']>;
  /** To the provider's sign-in page; back at /console/callback, then `next` (below /console/). */
  startLogin(next: string): Promise<void>;
  /** Completes the sign-in from the callback URL; answers `next`. */
  completeLogin(callbackUrl: string): Promise<string>;
  /** The signed-in person's name and email, if the sign-in gave them. */
  profile(): ConsoleProfile | null;
  /** Revokes, forgets and leaves for the provider's end-session page, back to /console/. */
  logout(): Promise<void>;
}

export function createConsoleAuth(deps: ConsoleAuthDeps): ConsoleAuth {
  // Sign-out comes back to the console, not to the board's LOGOUT_CALLBACK_URL; the
  // server accepts `${publicUrl}/console/` as a post-logout URI (CON-23).
  const config = { ...deps.config, LOGOUT_CALLBACK_URL: `${deps.browser.origin}${CONSOLE_BASENAME}/` };
  const session = createAuthSession({
    ...deps,
    config,
    callbackPath: CALLBACK_PATH,
    signInPath: consoleSignInPath,
  });
  // The session's completeLogin keeps the ID token to itself; the same flow, completed here,
  // gives the console the name and email it shows (CON-21). The tokens then go to the
  // session exactly as its own completeLogin would hand them over.
  const standard = createStandardFlow({
    config,
    customer: deps.customer,
    fetch: deps.fetch,
    transactions: deps.transactions,
    origin: deps.browser.origin,
    callbackPath: CALLBACK_PATH,
  });

  return {
    store: deps.store,
    restore: () => session.restoreSession('standard'),
    startLogin: (next) => session.startLogin(next),
    async completeLogin(callbackUrl) {
      const { tokens, next } = await standard.completeLogin(callbackUrl);
      // processAuthorizationCodeResponse answers the ID token too; TokenSet only names what is stored.
      deps.profiles.set(profileFromIdToken((tokens as { readonly id_token?: string }).id_token));
      session.acceptTokens('standard', tokens);
      return next;
    },
    profile: () => deps.profiles.get(),
    async logout() {
      deps.profiles.clear();
      await session.logout();
    },
  };
}
