import { customerChangesSubscription } from '@careboard/contracts';
import { type Client, createClient } from 'graphql-ws';
import type { ConsoleRuntime } from '../runtime-config/console-runtime.ts';

/** Told the kinds of record that changed; `null` after a reconnect (anything may have changed meanwhile). */
export type ChangeListener = (kinds: readonly string[] | null) => void;

export interface LiveChanges {
  /** Listens for changes of the signed-in customer; returns the unsubscribe. */
  listen(listener: ChangeListener): () => void;
}

const perRuntime = new WeakMap<ConsoleRuntime, LiveChanges>();

/**
 * One `customerChanges` subscription per console page load, shared by every page (decision
 * CON-26): opened when the first page listens, kept while any listens, reconnecting with the
 * session's current token. A reconnect tells listeners to read everything again.
 */
export function liveChangesFor(runtime: ConsoleRuntime): LiveChanges {
  let changes = perRuntime.get(runtime);
  if (!changes) {
    changes = createLiveChanges(runtime);
    perRuntime.set(runtime, changes);
  }
  return changes;
}

function createLiveChanges(runtime: ConsoleRuntime): LiveChanges {
  const listeners = new Set<ChangeListener>();
  let client: Client | undefined;
  let stop: (() => void) | undefined;
  let connectedBefore = false;
  const tell = (kinds: readonly string[] | null) => {
    for (const listener of listeners) listener(kinds);
  };

  const open = () => {
    client = createClient({
      url: runtime.config.GRAPHQL_URL,
      lazy: false,
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      connectionParams: () => ({
        authorization: `Bearer ${runtime.session.getState().session.accessToken ?? ''}`,
      }),
      on: {
        connected: () => {
          if (connectedBefore) tell(null);
          connectedBefore = true;
        },
      },
    });
    stop = client.subscribe<{ customerChanges: string[] }>(
      { query: customerChangesSubscription },
      {
        next: (value) => {
          if (value.data) tell(value.data.customerChanges);
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
  };

  return {
    listen(listener) {
      listeners.add(listener);
      if (!client) open();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        stop?.();
        void client?.dispose();
        client = undefined;
        connectedBefore = false;
      };
    },
  };
}
