import { LiveCloseCode } from '@careboard/contracts';
import type { Client } from 'graphql-ws';
import { type ReactNode, useEffect, useState } from 'react';
import { useAuth } from '../auth/auth-context.ts';
import { appRelease } from '../runtime-config/build-info.ts';
import { useRuntime } from '../runtime-config/runtime-context.ts';
import { useAppState } from '../state/app-store-context.ts';
import { setConnectionStatus } from './connection-state.ts';
import { createLiveClient, type LiveClientOptions } from './create-live-client.ts';
import { LiveClientContext } from './live-context.ts';
import { renewInBand } from './renew-in-band.ts';

export interface LiveConnectionProviderProps {
  readonly children: ReactNode;
  /** Tests pass a fake graphql-ws factory. */
  readonly createClient?: LiveClientOptions['createClient'];
}

/**
 * Opens the live connection (GRAPHQL_URL) once there is an access token, keeps
 * its status in the store, hands it each renewed token in-band, renews the token
 * when the server closes it as Unauthorized, and closes it when the provider goes away.
 */
export function LiveConnectionProvider({ children, createClient }: LiveConnectionProviderProps) {
  const { config, store } = useRuntime();
  const auth = useAuth();
  const signedIn = useAppState((state) => state.session.accessToken !== null);
  const [client, setClient] = useState<Client | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    const live = createLiveClient({
      url: config.GRAPHQL_URL,
      getAccessToken: () => store.getState().session.accessToken,
      onStatus: (status) => setConnectionStatus(store, status),
      // The server refused the token (a revoked screen, BOF-46): renew it now rather than
      // reconnect with it; a refused renewal ends the session (a screen shows a new code).
      onClosed: (code) => {
        if (code === LiveCloseCode.Unauthorized) auth.renewNow();
      },
      createClient,
      appVersion: appRelease,
    });
    setClient(live);
    // A renewed token goes to the open connection in-band, so its subscriptions carry on.
    const stopRenewals = auth.onTokenRenewed((token) => void renewInBand(live, token));
    return () => {
      stopRenewals();
      setClient(null);
      void live.dispose();
    };
  }, [signedIn, config.GRAPHQL_URL, store, createClient, auth]);

  return <LiveClientContext value={client}>{children}</LiveClientContext>;
}
