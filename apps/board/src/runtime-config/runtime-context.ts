import type { CustomerConfig, RuntimeConfig } from '@careboard/contracts';
import type { ErrorReporter, HttpClient } from '@careboard/web-client';
import { createContext, useContext } from 'react';
import type { CompiledMessages } from '../i18n/compiled-messages.ts';
import type { Messages } from '../i18n/en-US.ts';
import type { AppStore } from '../state/app-store.ts';

/** What the app starts from: loaded once, then passed down (never re-read). */
export interface Runtime {
  readonly config: RuntimeConfig;
  readonly customer: CustomerConfig;
  readonly locale: string;
  /** Compiled in the app (the build has no ICU parser); tests may pass the source texts. */
  readonly messages: CompiledMessages | Messages;
  readonly store: AppStore;
  readonly http: HttpClient;
  readonly reporter: ErrorReporter;
}

export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime needs the RuntimeConfigProvider');
  return runtime;
}
