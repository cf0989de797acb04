import { type ComponentType, useEffect, useState } from 'react';
import { readAuthFlow } from '../auth/auth-flow.ts';
import { enUS } from '../i18n/compiled/en-US.ts';
import { plainText } from '../i18n/compiled-messages.ts';
import { UNRECOVERABLE_RELOAD_MS } from '../release/unrecoverable.ts';
import type { Runtime } from '../runtime-config/runtime-context.ts';
import { FullScreenSpinner } from '../ui/FullScreenSpinner.tsx';
import { MessageText } from '../ui/MessageScreen.tsx';

type AppShell = ComponentType<{ readonly runtime: Runtime }>;

export interface BootProps {
  /** Loads the runtime (config.json, customer, catalogue) once. */
  readonly loadRuntime: () => Promise<Runtime>;
  /** Loads the app shell (router, auth, live connection, react-intl) in parallel with the runtime. */
  readonly loadApp: () => Promise<AppShell>;
  readonly reload?: () => void;
}

type BootState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly runtime: Runtime; readonly App: AppShell }
  | { readonly status: 'failed' };

/**
 * First paint: the spinner (never in the device flow) while the runtime config
 * and the app shell load side by side. The locale is not known yet, so the
 * texts here come from the compiled en-US catalogue directly (the one the entry
 * already holds). Without a config the board cannot run: it says so and reloads
 * after a while.
 */
export function Boot({ loadRuntime, loadApp, reload = () => window.location.reload() }: BootProps) {
  const [state, setState] = useState<BootState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    Promise.all([loadRuntime(), loadApp()]).then(
      ([runtime, App]) => current && setState({ status: 'ready', runtime, App }),
      (error: unknown) => {
        // Without a config there is no error-reporting key either: the console is all there is.
        console.error(error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [loadRuntime, loadApp]);

  useEffect(() => {
    if (state.status !== 'failed') return;
    const timer = setTimeout(reload, UNRECOVERABLE_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [state.status, reload]);

  if (state.status === 'ready') return <state.App runtime={state.runtime} />;
  if (state.status === 'failed') return <MessageText text={plainText(enUS['error.unexpected'])} />;
  return isDeviceFlow() ? null : <FullScreenSpinner label={plainText(enUS['loading.label'])} />;
}

function isDeviceFlow(): boolean {
  return (
    readAuthFlow(window.location.search) === 'device' || window.location.pathname.startsWith('/auth/device')
  );
}
