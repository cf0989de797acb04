import {
  type ErrorReporter,
  type HttpClient,
  type RestoreResult,
  setAccessToken,
} from '@careboard/web-client';
import { fakeAccessToken } from '@careboard/web-client/testing';
import { render } from '@testing-library/react';
import type { Sink } from 'graphql-ws';
import { useLayoutEffect } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AuthContext } from '../auth/auth-context.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { DeviceEndpoints } from '../auth/device/device-endpoints.ts';
import { enUS } from '../i18n/en-US.ts';
import { setConnectionStatus } from '../live/connection-state.ts';
import { LiveClientContext } from '../live/live-context.ts';
import { RuntimeConfigProvider } from '../runtime-config/RuntimeConfigProvider.tsx';
import type { Runtime } from '../runtime-config/runtime-context.ts';
import { testRuntimeConfig } from '../runtime-config/test-runtime-config.ts';
import { createAppStore } from '../state/app-store.ts';
import { AppRoutes } from './routes.tsx';

type FakeAuth = AuthService & { completeLogin: ReturnType<typeof vi.fn<AuthService['completeLogin']>> };

/** Reports each location the router commits to (what the address bar would show). */
function LocationProbe({ onLocation }: { readonly onLocation: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onLocation(location), [location, onLocation]);
  return null;
}

/** Test helper: the real routes and guards over fake auth, live and runtime services. */
export function renderApp(path: string, setup: (auth: FakeAuth) => void = () => undefined) {
  const store = createAppStore();
  const reporter: ErrorReporter = { report: vi.fn() };
  const runtime: Runtime = {
    config: testRuntimeConfig,
    customer: { id: 'acme', auth_org_id: 'org_acme', auth_device_client_id: 'device-acme', locale: null },
    locale: 'en-US',
    messages: enUS,
    store,
    http: {} as HttpClient,
    reporter,
  };

  let answerRestore: (result: RestoreResult) => void = () => undefined;
  const device = {
    requestCode: vi.fn<DeviceEndpoints['requestCode']>(),
    poll: vi.fn<DeviceEndpoints['poll']>(),
    refresh: vi.fn<DeviceEndpoints['refresh']>(),
    revoke: vi.fn<DeviceEndpoints['revoke']>(),
  };
  const auth = {
    restoreSession: vi.fn(
      () =>
        new Promise<RestoreResult>((resolve) => {
          answerRestore = resolve;
        }),
    ),
    acceptTokens: vi.fn(),
    startLogin: vi.fn(async () => undefined),
    completeLogin: vi.fn<AuthService['completeLogin']>(),
    logout: vi.fn(async () => undefined),
    device,
    onTokenRenewed: vi.fn(() => () => undefined),
    renewNow: vi.fn(),
    dispose: vi.fn(),
  } satisfies AuthService;
  setup(auth);

  const sinks: Sink[] = [];
  const subscribe = vi.fn((_payload: unknown, sink: Sink) => {
    sinks.push(sink);
    return () => undefined;
  });

  let current: Location | undefined;
  const onLocation = (location: Location) => {
    current = location;
  };
  const view = render(
    <RuntimeConfigProvider runtime={runtime}>
      <AuthContext value={auth}>
        <LiveClientContext value={{ subscribe }}>
          <MemoryRouter initialEntries={[path]}>
            <LocationProbe onLocation={onLocation} />
            <AppRoutes />
          </MemoryRouter>
        </LiveClientContext>
      </AuthContext>
    </RuntimeConfigProvider>,
  );

  return {
    ...view,
    store,
    auth,
    device,
    reporter,
    subscribe,
    sinks,
    /** Where the app is now: path and query. */
    location: () => `${current?.pathname}${current?.search}`,
    pathname: () => current?.pathname,
    search: () => current?.search,
    answerRestore: (result: RestoreResult) => answerRestore(result),
    signIn(scope = 'access:display-board read:sites') {
      setAccessToken(store, 'standard', fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 600, scope }));
    },
    connect: () => setConnectionStatus(store, 'connected'),
  };
}
