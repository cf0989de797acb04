import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { ConsoleAuthProvider } from '../auth/ConsoleAuthProvider.tsx';
import { CONSOLE_BASENAME } from '../auth/console-paths.ts';
import { ConsoleRuntimeProvider } from '../runtime-config/ConsoleRuntimeProvider.tsx';
import type { ConsoleRuntime } from '../runtime-config/console-runtime.ts';
import { ConsoleThemeProvider } from '../theme/ConsoleThemeProvider.tsx';
import { ConsoleRoutes } from './routes.tsx';

/**
 * The console, once its runtime is loaded. Providers in the order data flows:
 * runtime (config, customer, locale) → theme → router → sign-in. The router is
 * outside the sign-in: its /callback route is where the provider sends people back.
 */
export function App({ runtime }: { readonly runtime: ConsoleRuntime }) {
  useEffect(() => {
    // Screen readers pronounce the page in the customer's language.
    document.documentElement.lang = runtime.locale;
  }, [runtime.locale]);
  return (
    <ConsoleRuntimeProvider runtime={runtime}>
      <ConsoleThemeProvider>
        <BrowserRouter basename={CONSOLE_BASENAME}>
          <ConsoleAuthProvider>
            <ConsoleRoutes />
          </ConsoleAuthProvider>
        </BrowserRouter>
      </ConsoleThemeProvider>
    </ConsoleRuntimeProvider>
  );
}
