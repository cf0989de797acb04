/**
 * @careboard/web-client: the browser code the board and the console share, one
 * copy for both (decision CON-14): the HTTP rules, the standard sign-in, tokens and
 * their renewal, runtime config loading, error reporting and the error texts.
 * Framework-free: no React, no app state library. It exports
 * what the apps use, no more: knip fails `npm run check` on an export no app
 * imports (decision FND-41).
 */

// Sign-in and the session.
export { type AuthFlow, safeNextPath } from './auth/auth-flow.ts';
export {
  type AuthSession,
  type BrowserNavigation,
  createAuthSession,
  type RestoreResult,
} from './auth/auth-session.ts';
export { clientKeys } from './auth/client-keys.ts';
export { oauthRequestOptions } from './auth/oauth/oauth-options.ts';
export { oauthErrorCode } from './auth/oauth/token-errors.ts';
export {
  createLoginTransactionStorage,
  type LoginTransactionStorage,
} from './auth/standard/login-transaction.ts';
export { createStandardFlow } from './auth/standard/standard-flow.ts';
export { createRefreshTokenStorage, type RefreshTokenStorage } from './auth/tokens/refresh-token-storage.ts';
export { onTokenRenewed, setAccessToken } from './auth/tokens/session.ts';
export { type SessionState, type SessionStore, signedOut } from './auth/tokens/session-state.ts';
export { createSessionStore } from './auth/tokens/session-store.ts';
export { createTokenLock, type TokenLock } from './auth/tokens/token-lock.ts';
export type { TokenSet } from './auth/tokens/token-set.ts';
// HTTP: the one client, with the API prefix, bearer rules, securable/export bases and XSRF.
export { createHttpClient, type Fetch, type HttpClient } from './http/http-client.ts';
export { HttpError } from './http/http-error.ts';
// Error reporting.
export { createErrorReporter, type ErrorReporter } from './reporting/error-reporter.ts';
export { reportInsecureOrigin } from './reporting/insecure-origin-report.ts';
export { installGlobalErrorHandlers } from './reporting/install-global-handlers.ts';
// Runtime config (/config.json, the customer, the locale).
export { loadCustomerConfig } from './runtime-config/load-customer-config.ts';
export { loadRuntimeConfig } from './runtime-config/load-runtime-config.ts';
export { resolveCustomerId } from './runtime-config/resolve-customer-id.ts';
export { resolveLocale } from './runtime-config/resolve-locale.ts';
export { secureAddressFor } from './runtime-config/secure-address.ts';

// Texts: server error codes and the sign-in texts, en-US and es-US.
export { authTexts } from './texts/auth-texts.ts';
export { createCatalogueLoader } from './texts/catalogue-loader.ts';
export { errorText } from './texts/error-text.ts';
export { insecureOriginTexts } from './texts/insecure-origin-texts.ts';
