import type { DisplayBoardConfig } from '@careboard/contracts';
import { createStore, type StoreApi } from 'zustand/vanilla';

export type AuthFlow = 'standard' | 'device';

/** Who is signed in. The refresh token is never here: it lives only in local storage. */
export interface SessionState {
  readonly accessToken: string | null;
  readonly scopes: ReadonlySet<string>;
  /** Access token expiry, seconds since the epoch (its `exp`). */
  readonly expiresAt: number | null;
  readonly flow: AuthFlow | null;
}

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'closed';

export interface ConnectionState {
  readonly status: ConnectionStatus;
  /**
   * True once the live connection was acknowledged. The data-connection guard waits
   * for the first one only, so a later reconnect never blanks a running board.
   */
  readonly everConnected: boolean;
}

export type BoardState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly id: number }
  | { readonly status: 'ready'; readonly id: number; readonly config: DisplayBoardConfig }
  | { readonly status: 'not-found'; readonly id: number }
  | { readonly status: 'failed'; readonly id: number };

/** The one application state store: session, live connection and board config. */
export interface AppState {
  readonly session: SessionState;
  readonly connection: ConnectionState;
  readonly board: BoardState;
}

export type AppStore = StoreApi<AppState>;

export const signedOut: SessionState = Object.freeze({
  accessToken: null,
  scopes: new Set<string>(),
  expiresAt: null,
  flow: null,
});

export function createAppStore(): AppStore {
  return createStore<AppState>()(() => ({
    session: signedOut,
    connection: { status: 'idle', everConnected: false },
    board: { status: 'idle' },
  }));
}
