import type { Client } from 'graphql-ws';
import { createContext, useContext } from 'react';

/** The graphql-ws client, or null until there is a session to connect with. */
export const LiveClientContext = createContext<Pick<Client, 'subscribe'> | null>(null);

export function useLiveClient(): Pick<Client, 'subscribe'> | null {
  return useContext(LiveClientContext);
}
