import type { DisplayBoardConfig } from '@careboard/contracts';
import { type SessionState, signedOut } from '@careboard/web-client';
import { createStore, type StoreApi } from 'zustand/vanilla';

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

/**
 * The one application state store: session, live connection and board config.
 * The session slice is @careboard/web-client's: the auth session reads and
 * writes it through this store (decision CON-14).
 */
export interface AppState {
  readonly session: SessionState;
  readonly connection: ConnectionState;
  readonly board: BoardState;
}

export type AppStore = StoreApi<AppState>;

export function createAppStore(): AppStore {
  return createStore<AppState>()(() => ({
    session: signedOut,
    connection: { status: 'idle', everConnected: false },
    board: { status: 'idle' },
  }));
}
