import {
  type BrowserNavigation,
  createLoginTransactionStorage,
  createRefreshTokenStorage,
  createTokenLock,
} from '@careboard/web-client';
import { type ReactNode, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { useConsoleRuntime } from '../runtime-config/console-runtime.ts';
import { StatusMessage } from '../ui/StatusMessage.tsx';
import {
  CONSOLE_PROFILE_KEY,
  type ConsoleAuth,
  consoleClientKeys,
  createConsoleAuth,
} from './console-auth.ts';
import { type ConsoleIdentity, ConsoleIdentityContext } from './console-identity.ts';
import { CALLBACK_ROUTE, pathBelowBase } from './console-paths.ts';
import { createProfileStorage } from './console-profile.ts';

const browserNavigation: BrowserNavigation = {
  origin: window.location.origin,
  currentPath: () => pathBelowBase(`${window.location.pathname}${window.location.search}`),
  assign: (url) => window.location.assign(url),
};

/**
 * The console's sign-in (decision CON-03): the standard flow of @careboard/web-client
 * under the console's own keys. It restores the session from the stored refresh
 * token or sends the browser to the provider, completes the sign-in at
 * /console/callback, and renders the console only with an access token in the
 * session store, under the identity the shell reads. Must sit inside the router.
 * Built once per page (no dispose on unmount: strict mode's trial unmount would stop renewals).
 */
export function ConsoleAuthProvider({
  children,
  auth: injected,
}: {
  readonly children: ReactNode;
  /** Tests pass their own; the page builds it from the runtime. */
  readonly auth?: ConsoleAuth;
}) {
  const runtime = useConsoleRuntime();
  const [auth] = useState(
    () =>
      injected ??
      createConsoleAuth({
        config: runtime.config,
        customer: runtime.customer,
        store: runtime.session,
        fetch: runtime.http.fetch,
        refreshTokens: createRefreshTokenStorage(window.localStorage, consoleClientKeys.refreshTokens),
        transactions: createLoginTransactionStorage(
          window.sessionStorage,
          consoleClientKeys.loginTransaction,
        ),
        profiles: createProfileStorage(window.localStorage, CONSOLE_PROFILE_KEY),
        lock: createTokenLock(navigator.locks, consoleClientKeys.tokenLock),
        browser: browserNavigation,
      }),
  );
  return (
    <Routes>
      <Route path={CALLBACK_ROUTE} element={<SignInCallback auth={auth} />} />
      <Route path="*" element={<SignedIn auth={auth}>{children}</SignedIn>} />
    </Routes>
  );
}

/** /console/callback: exchanges the code, then goes to the saved `next`. */
function SignInCallback({ auth }: { readonly auth: ConsoleAuth }) {
  const navigate = useNavigate();
  const handled = useRef(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    // A code can be exchanged once only: strict mode's second effect must not try again.
    if (handled.current) return;
    handled.current = true;
    auth.completeLogin(window.location.href).then(
      (next) => navigate(next, { replace: true }),
      (error: unknown) => {
        // No retry loop: a failed callback says so; reloading /console/ starts a fresh sign-in (CON-24).
        console.error('Console sign-in failed', error);
        setFailed(true);
      },
    );
  }, [auth, navigate]);
  return failed ? (
    <StatusMessage message="error.unexpected" />
  ) : (
    <StatusMessage busy message="auth.signingIn" />
  );
}

/** Any other path: the console under the session's identity, once there is an access token. */
function SignedIn({ auth, children }: { readonly auth: ConsoleAuth; readonly children: ReactNode }) {
  const runtime = useConsoleRuntime();
  const location = useLocation();
  const session = useSyncExternalStore(auth.store.subscribe, () => auth.store.getState().session);
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  const next = `${location.pathname}${location.search}`;

  useEffect(() => {
    // Once per page: a second login redirect would overwrite the first one's state and verifier.
    if (started.current || auth.store.getState().session.accessToken) return;
    started.current = true;
    auth
      .restore()
      .then((result) => (result === 'authenticated' ? undefined : auth.startLogin(next)))
      .catch((error: unknown) => {
        console.error('Console sign-in could not start', error);
        setFailed(true);
      });
  }, [auth, next]);

  const identity = useMemo<ConsoleIdentity | null>(() => {
    if (!session.accessToken) return null;
    const profile = auth.profile();
    return {
      // The ID token's name, else its email (console-identity.ts); neither: the customer (CON-21).
      name: profile?.name ?? profile?.email ?? runtime.customer.id,
      customerId: runtime.customer.id,
      scopes: session.scopes,
      signOut: () => void auth.logout(),
    };
  }, [auth, session, runtime.customer.id]);

  if (failed) return <StatusMessage message="error.unexpected" />;
  if (!identity) return <StatusMessage busy message="auth.signingIn" />;
  return <ConsoleIdentityContext value={identity}>{children}</ConsoleIdentityContext>;
}
