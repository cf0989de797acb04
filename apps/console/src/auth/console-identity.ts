import { createContext, useContext } from 'react';

/**
 * Who is signed in to the console: what the shell and the pages read of the
 * sign-in. ConsoleAuthProvider provides it (decision CON-03); tests provide a
 * test identity through the same context (app/test-harness.tsx).
 */
export interface ConsoleIdentity {
  /** The person's display name (the ID token's `name`, else their email). */
  readonly name: string;
  /** The customer the token is for: shown in the top bar. */
  readonly customerId: string;
  /** The access token's scopes: they decide which pages show (navigation/visible-pages.ts). */
  readonly scopes: ReadonlySet<string>;
  /** Ends the session at the identity provider and comes back to /console/. */
  signOut(): void;
}

export const ConsoleIdentityContext = createContext<ConsoleIdentity | null>(null);

export function useConsoleIdentity(): ConsoleIdentity {
  const identity = useContext(ConsoleIdentityContext);
  if (!identity) throw new Error('useConsoleIdentity needs a signed-in ConsoleAuthProvider');
  return identity;
}
