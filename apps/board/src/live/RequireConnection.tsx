import type { ReactNode } from 'react';
import { useAppState } from '../state/app-store-context.ts';

/**
 * Waits until the live connection has been acknowledged once. Later drops do
 * not unmount the board: it keeps its last data while graphql-ws reconnects.
 */
export function RequireConnection({ children }: { readonly children: ReactNode }) {
  const ready = useAppState((state) => state.connection.everConnected);
  return ready ? children : null;
}
