/**
 * @careboard/web-client: the browser code the board and the console share, one
 * copy for both (issue 14): the HTTP rules, the standard sign-in, tokens and
 * their renewal, runtime config loading, error reporting and the error texts.
 * Framework-free: no React, no app state library (decision CON-14).
 */

// Sign-in and the session.
export { type AuthFlow, safeNextPath } from './auth/auth-flow.ts';
export {
  type AuthSession,
  type AuthSessionDeps,
  type BrowserNavigation,
  createAuthSession,
  type ExtraGrant,
  type RestoreResult,
} from './auth/auth-session.ts';
export { type ClientKeys, clientKeys } from './auth/client-keys.ts';
export { discoverAuthorizationServer } from './auth/oauth/discover-authorization-server.ts';
export { isLocalHttp, type OAuthRequestOptions, oauthRequestOptions } from './auth/oauth/oauth-options.ts';
export { isGrantRejected, oauthErrorCode } from './auth/oauth/token-errors.ts';
export { type AuthorizationUrlInput, authorizationUrl } from './auth/standard/authorization-url.ts';
export { checkOrganization, ID_TOKEN_LEEWAY_SEC } from './auth/standard/id-token-checks.ts';
export {
  createLoginTransactionStorage,
  type LoginTransaction,
  type LoginTransactionStorage,
} from './auth/standard/login-transaction.ts';
export {
  createStandardFlow,
  type StandardFlow,
  type StandardFlowDeps,
} from './auth/standard/standard-flow.ts';
export { type AccessTokenClaims, readAccessTokenClaims } from './auth/tokens/access-token-claims.ts';
export { createRefreshTokenStorage, type RefreshTokenStorage } from './auth/tokens/refresh-token-storage.ts';
export {
  type RenewDeps,
  type RenewResult,
  renewWithStoredToken,
} from './auth/tokens/renew-with-stored-token.ts';
export {
  createRenewalScheduler,
  RENEWAL_RETRY_MS,
  type RenewalScheduler,
  type RenewalSchedulerOptions,
} from './auth/tokens/renewal-scheduler.ts';
export { clearSession, onTokenRenewed, setAccessToken } from './auth/tokens/session.ts';
export {
  type SessionHolder,
  type SessionState,
  type SessionStore,
  signedOut,
} from './auth/tokens/session-state.ts';
export { createSessionStore } from './auth/tokens/session-store.ts';
export { createTokenLock, type LockManagerLike, type TokenLock } from './auth/tokens/token-lock.ts';
export type { TokenSet } from './auth/tokens/token-set.ts';
// HTTP: the one client, with the API prefix, bearer rules, securable/export bases and XSRF.
export type { ApiBases } from './http/api-bases.ts';
export { needsBearer } from './http/bearer-rules.ts';
export { createHttpClient, type Fetch, type HttpClient, type HttpClientOptions } from './http/http-client.ts';
export { HttpError } from './http/http-error.ts';
export { joinUrl, type ResolvedUrl, resolveRequestUrl } from './http/resolve-request-url.ts';
export { needsXsrfHeader, readCookie, XSRF_COOKIE, XSRF_HEADER } from './http/xsrf.ts';
// Error reporting.
export {
  type ClientErrorReport,
  createErrorReporter,
  type ErrorReporter,
  type ErrorReporterOptions,
} from './reporting/error-reporter.ts';
export { installGlobalErrorHandlers } from './reporting/install-global-handlers.ts';
export { sentryStoreUrl } from './reporting/parse-sentry-dsn.ts';
// Runtime config (/config.json, the customer, the locale).
export { type GetJson, loadCustomerConfig } from './runtime-config/load-customer-config.ts';
export { loadRuntimeConfig } from './runtime-config/load-runtime-config.ts';
export { resolveCustomerId } from './runtime-config/resolve-customer-id.ts';
export { resolveLocale } from './runtime-config/resolve-locale.ts';

// Texts: server error codes and the sign-in texts, en-US and es-US.
export { type AuthTexts, authTexts } from './texts/auth-texts.ts';
export { type CatalogueLoader, createCatalogueLoader } from './texts/catalogue-loader.ts';
export { errorText, type ServerError } from './texts/error-text.ts';
export { type TextLocale, textLocaleFor, textLocales } from './texts/text-locale.ts';
