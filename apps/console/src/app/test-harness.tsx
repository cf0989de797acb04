import { DEFAULT_LOCALE, type RuntimeConfig, standardFlowScopes } from '@careboard/contracts';
import { createHttpClient, createSessionStore } from '@careboard/web-client';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { type ConsoleIdentity, ConsoleIdentityContext } from '../auth/console-identity.ts';
import { enUS, type Messages } from '../i18n/en-US.ts';
import { ConsoleRuntimeProvider } from '../runtime-config/ConsoleRuntimeProvider.tsx';
import type { ConsoleRuntime } from '../runtime-config/console-runtime.ts';
import { ConsoleThemeProvider } from '../theme/ConsoleThemeProvider.tsx';
import { ConsoleRoutes } from './routes.tsx';

/** For tests only: /config.json as a server on example.test would serve it. */
export const testRuntimeConfig: RuntimeConfig = Object.freeze({
  API_URL: 'https://careboard.example.test/api',
  SECURABLE_API_URL: 'https://careboard.example.test/api/securable',
  EXPORT_API_URL: 'https://careboard.example.test/api/export',
  GRAPHQL_URL: 'wss://careboard.example.test/graphql',
  SOCKETS_URL: 'https://careboard.example.test',
  AUTH_DOMAIN: 'https://careboard.example.test',
  AUTH_AUDIENCE: 'https://careboard.example.test/api',
  AUTH_CLIENT_ID: 'careboard-board',
  REFRESH_TOKEN_IN_ADVANCE_SEC: 60,
  CHECK_RELEASE_AFTER_SEC: 300,
  LOGOUT_CALLBACK_URL: 'https://careboard.example.test/',
  ERROR_REPORTING_KEY: null,
  CUSTOMER_ID: 'acme',
});

/** An admin's scopes: every API scope of the standard flow. */
export const adminScopes: ReadonlySet<string> = new Set(
  standardFlowScopes.filter((scope) => !['openid', 'profile', 'email', 'offline_access'].includes(scope)),
);

/**
 * A signed-in person for tests (decision CON-03): the shell is rendered under it
 * directly; auth/ConsoleAuthProvider.test.tsx covers the sign-in itself.
 */
export function testIdentity(overrides: Partial<ConsoleIdentity> = {}): ConsoleIdentity {
  return { name: 'Ada Admin', customerId: 'acme', scopes: adminScopes, signOut: () => {}, ...overrides };
}

export function testRuntime(overrides: { locale?: string; messages?: Messages } = {}): ConsoleRuntime {
  return {
    config: testRuntimeConfig,
    customer: { id: 'acme', auth_org_id: 'org_acme', auth_device_client_id: null, locale: null },
    locale: overrides.locale ?? DEFAULT_LOCALE,
    messages: overrides.messages ?? enUS,
    http: createHttpClient({
      bases: testRuntimeConfig,
      getAccessToken: () => null,
      fetch: () => Promise.reject(new Error('no network in unit tests')),
    }),
    session: createSessionStore(),
  };
}

/** The console's routes at `path` (below /console/), signed in as `identity`. */
export function renderConsole(
  options: { path?: string; identity?: ConsoleIdentity; runtime?: ConsoleRuntime } = {},
) {
  return render(
    <ConsoleRuntimeProvider runtime={options.runtime ?? testRuntime()}>
      <ConsoleThemeProvider>
        <ConsoleIdentityContext value={options.identity ?? testIdentity()}>
          <MemoryRouter initialEntries={[options.path ?? '/']}>
            <ConsoleRoutes />
          </MemoryRouter>
        </ConsoleIdentityContext>
      </ConsoleThemeProvider>
    </ConsoleRuntimeProvider>,
  );
}
