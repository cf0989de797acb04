import { reportInsecureOrigin } from '@careboard/web-client';
import { useEffect, useState } from 'react';
import type { ConsoleRuntime } from '../runtime-config/console-runtime.ts';
import { InsecureOriginPage } from '../ui/InsecureOriginPage.tsx';
import { App } from './App.tsx';

type BootState =
  | { readonly step: 'loading' }
  | { readonly step: 'ready'; readonly runtime: ConsoleRuntime }
  | { readonly step: 'failed' }
  | { readonly step: 'insecure'; readonly runtime: ConsoleRuntime | null };

export interface BootProps {
  readonly loadRuntime: () => Promise<ConsoleRuntime>;
  /** window.isSecureContext: false on plain http other than localhost, where sign-in cannot run (CON-70). */
  readonly secureContext?: boolean;
  readonly pageUrl?: () => string;
}

/** The page's address, one function for every render (an effect depends on it). */
const windowPageUrl = () => window.location.href;

/**
 * Loads the runtime, then renders the console. Before the catalogue is known the
 * texts are the catalogue's English ones, plain (no theme, no react-intl yet).
 * On an insecure origin the console never starts its sign-in: it says HTTPS is
 * required, in the customer's language, and tells the server log (CON-70).
 */
export function Boot({
  loadRuntime,
  // Unknown (an engine without the property) counts as secure: its sign-in says for itself.
  secureContext = window.isSecureContext !== false,
  pageUrl = windowPageUrl,
}: BootProps) {
  const [state, setState] = useState<BootState>({ step: 'loading' });
  useEffect(() => {
    let current = true;
    loadRuntime().then(
      (runtime) => {
        if (!secureContext) {
          reportInsecureOrigin(runtime.http, { app: 'console', pageUrl: pageUrl(), release: 'console' });
          if (current) setState({ step: 'insecure', runtime });
        } else if (current) setState({ step: 'ready', runtime });
      },
      () => current && setState(secureContext ? { step: 'failed' } : { step: 'insecure', runtime: null }),
    );
    return () => {
      current = false;
    };
  }, [loadRuntime, secureContext, pageUrl]);
  if (state.step === 'ready') return <App runtime={state.runtime} />;
  if (state.step === 'insecure')
    return (
      <InsecureOriginPage
        locale={state.runtime?.locale ?? 'en-US'}
        config={state.runtime?.config ?? null}
        pageUrl={pageUrl()}
      />
    );
  return (
    <p role={state.step === 'failed' ? 'alert' : 'status'}>
      {state.step === 'failed' ? 'There was an unexpected error.' : 'Loading'}
    </p>
  );
}
