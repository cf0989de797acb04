import type { AuthFlow } from '../auth-flow.ts';

// Kept apart from session.ts, which decodes tokens (jose): an app's store is created
// before anything signs in, and must not pull the decoder into its first chunk.

/** Who is signed in. The refresh token is never here: it lives only in local storage. */
export interface SessionState {
  readonly accessToken: string | null;
  readonly scopes: ReadonlySet<string>;
  /** Access token expiry, seconds since the epoch (its `exp`). */
  readonly expiresAt: number | null;
  readonly flow: AuthFlow | null;
}

export const signedOut: SessionState = Object.freeze({
  accessToken: null,
  scopes: new Set<string>(),
  expiresAt: null,
  flow: null,
});

/** What the session lives in: an app's own state, seen through its `session` slice. */
export interface SessionHolder {
  readonly session: SessionState;
}

/**
 * Where an app keeps the session (decision CON-14). The shape is zustand's
 * StoreApi narrowed to the `session` slice, so the board passes its app store as it
 * is; an app without zustand takes createSessionStore().
 */
export interface SessionStore {
  getState(): SessionHolder;
  setState(partial: SessionHolder): void;
  subscribe(listener: (state: SessionHolder, previous: SessionHolder) => void): () => void;
}
