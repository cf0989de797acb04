import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from './app-store.ts';

export const AppStoreContext = createContext<AppStore | null>(null);

export function useAppStoreApi(): AppStore {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('useAppStoreApi needs an AppStoreContext provider');
  return store;
}

/** Reads a slice of the application state and re-renders when it changes. */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStoreApi(), selector);
}
