import type { CustomerConfig, RuntimeConfig } from '@careboard/contracts';
import type { HttpClient, SessionStore } from '@careboard/web-client';
import { createContext, useContext } from 'react';
import type { Messages } from '../i18n/en-US.ts';

/** What the console starts from: loaded once before the first render, then passed down. */
export interface ConsoleRuntime {
  readonly config: RuntimeConfig;
  readonly customer: CustomerConfig;
  /** The customer's locale (CON-05); its catalogue below. */
  readonly locale: string;
  readonly messages: Messages;
  /** The shared HTTP client (API prefix, bearer and XSRF rules, catalogue errors). */
  readonly http: HttpClient;
  /** The signed-in session (its access token rides on `http`'s calls); auth/ fills it (CON-25). */
  readonly session: SessionStore;
}

export const ConsoleRuntimeContext = createContext<ConsoleRuntime | null>(null);

export function useConsoleRuntime(): ConsoleRuntime {
  const runtime = useContext(ConsoleRuntimeContext);
  if (!runtime) throw new Error('useConsoleRuntime needs the ConsoleRuntimeProvider');
  return runtime;
}
