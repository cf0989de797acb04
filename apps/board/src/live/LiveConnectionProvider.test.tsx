import { authenticateMutation } from '@careboard/contracts';
import { type ErrorReporter, type HttpClient, setAccessToken } from '@careboard/web-client';
import { fakeAccessToken } from '@careboard/web-client/testing';
import { act, render } from '@testing-library/react';
import type { Client, ClientOptions } from 'graphql-ws';
import { useContext } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../auth/auth-context.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { enUS } from '../i18n/en-US.ts';
import { appRelease } from '../runtime-config/build-info.ts';
import { RuntimeConfigProvider } from '../runtime-config/RuntimeConfigProvider.tsx';
import { testRuntimeConfig } from '../runtime-config/test-runtime-config.ts';
import { createAppStore } from '../state/app-store.ts';
import { LiveConnectionProvider } from './LiveConnectionProvider.tsx';
import { LiveClientContext } from './live-context.ts';

function ShowClient({ seen }: { readonly seen: (client: unknown) => void }) {
  seen(useContext(LiveClientContext));
  return null;
}

function renderProvider() {
  const store = createAppStore();
  const created: ClientOptions[] = [];
  const client = {
    subscribe: vi.fn(),
    dispose: vi.fn(),
    terminate: vi.fn(),
    on: vi.fn(),
  } as unknown as Client;
  const createClient = vi.fn((options: ClientOptions) => {
    created.push(options);
    return client;
  });
  const seen = vi.fn();
  const renewalListeners = new Set<(token: string) => void>();
  const auth = {
    renewNow: vi.fn(),
    onTokenRenewed: (listener: (token: string) => void) => {
      renewalListeners.add(listener);
      return () => renewalListeners.delete(listener);
    },
  } as unknown as AuthService;
  const renew = (token: string) => {
    for (const listener of renewalListeners) listener(token);
  };
  const runtime = {
    config: testRuntimeConfig,
    customer: { id: 'acme', auth_org_id: null, auth_device_client_id: null, locale: null },
    locale: 'en-US',
    messages: enUS,
    store,
    http: {} as HttpClient,
    reporter: { report: vi.fn() } as ErrorReporter,
  };
  const view = render(
    <RuntimeConfigProvider runtime={runtime}>
      <AuthContext value={auth}>
        <LiveConnectionProvider createClient={createClient}>
          <ShowClient seen={seen} />
        </LiveConnectionProvider>
      </AuthContext>
    </RuntimeConfigProvider>,
  );
  return { view, store, created, client, seen, renew, renewalListeners, auth };
}

describe('live connection provider', () => {
  it('connects only once there is an access token, with that token', () => {
    const { store, created } = renderProvider();
    expect(created).toHaveLength(0);
    const token = fakeAccessToken({ exp: 2_000_000_000, scope: '' });
    act(() => {
      setAccessToken(store, 'device', token);
    });
    expect(created).toHaveLength(1);
    expect(created[0]?.url).toBe(testRuntimeConfig.GRAPHQL_URL);
    const connectionParams = created[0]?.connectionParams as (() => unknown) | undefined;
    // With the board's release, which the console's Screens list shows.
    expect(connectionParams?.()).toEqual({ authorization: `Bearer ${token}`, app_version: appRelease });
  });

  it('keeps the connection status in the store, and remembers the first connection', () => {
    const { store, created } = renderProvider();
    act(() => {
      setAccessToken(store, 'device', fakeAccessToken({ exp: 2_000_000_000, scope: '' }));
    });
    const on = created[0]?.on;
    act(() => on?.connected?.({}, undefined, false));
    expect(store.getState().connection).toEqual({ status: 'connected', everConnected: true });
    act(() => on?.closed?.({}));
    expect(store.getState().connection).toEqual({ status: 'closed', everConnected: true });
  });

  it('keeps one connection across token renewals, and closes it on unmount', () => {
    const { store, created, client, view } = renderProvider();
    act(() => {
      setAccessToken(store, 'device', fakeAccessToken({ exp: 2_000_000_000, scope: '' }));
    });
    act(() => {
      setAccessToken(store, 'device', fakeAccessToken({ exp: 2_000_000_600, scope: '' }));
    });
    expect(created).toHaveLength(1);
    view.unmount();
    expect(client.dispose).toHaveBeenCalledOnce();
  });

  it('hands a renewed token to the open connection in-band, and stops on unmount', () => {
    const { store, client, renew, view, renewalListeners } = renderProvider();
    act(() => {
      setAccessToken(store, 'device', fakeAccessToken({ exp: 2_000_000_000, scope: '' }));
    });
    renew('renewed-token');
    expect(client.subscribe).toHaveBeenCalledWith(
      { query: authenticateMutation, variables: { token: 'renewed-token' } },
      expect.any(Object),
    );
    view.unmount();
    expect(renewalListeners.size).toBe(0);
  });

  it('renews the token at once when the server closes the connection as Unauthorized (BOF-46)', () => {
    const { store, created, auth } = renderProvider();
    act(() => {
      setAccessToken(store, 'device', fakeAccessToken({ exp: 2_000_000_000, scope: '' }));
    });
    const on = created[0]?.on;
    act(() => on?.closed?.({ code: 1012 }));
    expect(auth.renewNow).not.toHaveBeenCalled();
    act(() => on?.closed?.({ code: 4401 }));
    expect(auth.renewNow).toHaveBeenCalledOnce();
  });
});
