import {
  type BrowserNavigation,
  createLoginTransactionStorage,
  createRefreshTokenStorage,
  createTokenLock,
} from '@careboard/web-client';
import { type ReactNode, useState } from 'react';
import { useRuntime } from '../runtime-config/runtime-context.ts';
import { AuthContext } from './auth-context.ts';
import { type AuthService, createAuthService } from './auth-service.ts';
import { boardClientKeys } from './client-keys.ts';

const browserNavigation: BrowserNavigation = {
  origin: window.location.origin,
  currentPath: () => `${window.location.pathname}${window.location.search}`,
  assign: (url) => window.location.assign(url),
};

/**
 * Builds the auth service once from the runtime; tests pass their own. It lives
 * as long as the page (no dispose on unmount: strict mode's trial unmount would stop renewals).
 */
export function AuthProvider({
  children,
  service,
}: {
  readonly children: ReactNode;
  readonly service?: AuthService;
}) {
  const runtime = useRuntime();
  const [auth] = useState(
    () =>
      service ??
      createAuthService({
        config: runtime.config,
        customer: runtime.customer,
        store: runtime.store,
        fetch: runtime.http.fetch,
        refreshTokens: createRefreshTokenStorage(window.localStorage, boardClientKeys.refreshTokens),
        transactions: createLoginTransactionStorage(window.sessionStorage, boardClientKeys.loginTransaction),
        lock: createTokenLock(navigator.locks, boardClientKeys.tokenLock),
        browser: browserNavigation,
      }),
  );
  return <AuthContext value={auth}>{children}</AuthContext>;
}
