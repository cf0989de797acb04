import { reportInsecureOrigin } from '@careboard/web-client';
import { type ComponentType, useEffect, useState } from 'react';
import { readAuthFlow } from '../auth/auth-flow.ts';
import { enUS } from '../i18n/compiled/en-US.ts';
import { plainText } from '../i18n/compiled-messages.ts';
import { UNRECOVERABLE_RELOAD_MS } from '../release/unrecoverable.ts';
import { appRelease } from '../runtime-config/build-info.ts';
import type { Runtime } from '../runtime-config/runtime-context.ts';
import { FullScreenSpinner } from '../ui/FullScreenSpinner.tsx';
import { InsecureOriginScreen } from '../ui/InsecureOriginScreen.tsx';
import { MessageText } from '../ui/MessageScreen.tsx';

type AppShell = ComponentType<{ readonly runtime: Runtime }>;

export interface BootProps {
  /** Loads the runtime (config.json, customer, catalogue) once. */
  readonly loadRuntime: () => Promise<Runtime>;
  /** Loads the app shell (router, auth, live connection, react-intl) in parallel with the runtime. */
  readonly loadApp: () => Promise<AppShell>;
  readonly reload?: () => void;
  /** window.isSecureContext: false on plain http other than localhost, where sign-in cannot run (BRD-24). */
  readonly secureContext?: boolean;
  readonly pageUrl?: () => string;
}

/** The page's address, one function for every render (an effect depends on it). */
const windowPageUrl = () => window.location.href;

type BootState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly runtime: Runtime; readonly App: AppShell }
  | { readonly status: 'failed' }
  | { readonly status: 'insecure'; readonly runtime: Runtime | null };

/**
 * First paint: the spinner (never in the device flow) while the runtime config
 * and the app shell load side by side. The locale is not known yet, so the
 * texts here come from the compiled en-US catalogue directly (the one the entry
 * already holds). Without a config the board cannot run: it says so and reloads
 * after a while.
 */
export function Boot({
  loadRuntime,
  loadApp,
  reload = () => window.location.reload(),
  // Unknown (an old engine without the property) counts as secure: its sign-in says for itself.
  secureContext = window.isSecureContext !== false,
  pageUrl = windowPageUrl,
}: BootProps) {
  const [state, setState] = useState<BootState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    // No secure context, no sign-in (crypto.subtle is absent): say so before the app shell starts
    // it, in the customer's language when the runtime loads, and tell the server log (BRD-24).
    if (!secureContext) {
      loadRuntime().then(
        (runtime) => {
          reportInsecureOrigin(runtime.http, { app: 'board', pageUrl: pageUrl(), release: appRelease });
          if (current) setState({ status: 'insecure', runtime });
        },
        () => current && setState({ status: 'insecure', runtime: null }),
      );
      return () => {
        current = false;
      };
    }
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
  }, [loadRuntime, loadApp, secureContext, pageUrl]);

  useEffect(() => {
    if (state.status !== 'failed') return;
    const timer = setTimeout(reload, UNRECOVERABLE_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [state.status, reload]);

  if (state.status === 'ready') return <state.App runtime={state.runtime} />;
  if (state.status === 'insecure')
    return (
      <InsecureOriginScreen
        locale={state.runtime?.locale ?? 'en-US'}
        config={state.runtime?.config ?? null}
        pageUrl={pageUrl()}
      />
    );
  if (state.status === 'failed') return <MessageText text={plainText(enUS['error.unexpected'])} />;
  return isDeviceFlow() ? null : <FullScreenSpinner label={plainText(enUS['loading.label'])} />;
}

function isDeviceFlow(): boolean {
  return (
    readAuthFlow(window.location.search) === 'device' || window.location.pathname.startsWith('/auth/device')
  );
}
