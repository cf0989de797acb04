import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { BoardContentStore, ContentStatus } from './board-content-store.ts';

interface KeyedRow {
  readonly key: string;
}

export const BoardContentContext = createContext<BoardContentStore<KeyedRow> | null>(null);

/** The content store of the board on screen; its type is the board type's row type. */
export function useBoardContentStore<R extends KeyedRow>(): BoardContentStore<R> {
  const store = useContext(BoardContentContext);
  if (!store) throw new Error('useBoardContentStore needs the BoardContentProvider');
  return store as BoardContentStore<R>;
}

/** One row; re-renders only when that row changes. */
export function useBoardRow<R extends KeyedRow>(key: string): R | undefined {
  const store = useBoardContentStore<R>();
  const subscribe = useCallback((listener: () => void) => store.subscribeRow(key, listener), [store, key]);
  return useSyncExternalStore(subscribe, () => store.getRow(key));
}

/** The keys of every row; re-renders only when rows come or go. */
export function useBoardKeys(): readonly string[] {
  const store = useBoardContentStore();
  return useSyncExternalStore(store.subscribeKeys, store.getKeys);
}

/** Every row; re-renders on any change. For small derived views (legend, summary, ordering). */
export function useBoardRows<R extends KeyedRow>(): readonly R[] {
  const store = useBoardContentStore<R>();
  return useSyncExternalStore(store.subscribeRows, store.getRows);
}

/** Loaded, live, and as of when. */
export function useContentStatus(): ContentStatus {
  const store = useBoardContentStore();
  return useSyncExternalStore(store.subscribeStatus, store.getStatus);
}
