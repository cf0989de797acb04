import { type SessionHolder, type SessionStore, signedOut } from './session-state.ts';

/**
 * A session store for an app without a state library of its own: the smallest
 * thing with zustand's getState/setState/subscribe, which React reads through
 * useSyncExternalStore(store.subscribe, () => store.getState().session).
 */
export function createSessionStore(): SessionStore {
  let state: SessionHolder = { session: signedOut };
  const listeners = new Set<(state: SessionHolder, previous: SessionHolder) => void>();
  return {
    getState: () => state,
    setState(partial) {
      if (partial.session === state.session) return;
      const previous = state;
      state = { session: partial.session };
      for (const listener of listeners) listener(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
