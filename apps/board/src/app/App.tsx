import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider.tsx';
import { LiveConnectionProvider } from '../live/LiveConnectionProvider.tsx';
import { RuntimeConfigProvider } from '../runtime-config/RuntimeConfigProvider.tsx';
import type { Runtime } from '../runtime-config/runtime-context.ts';
import { AppRoutes } from './routes.tsx';
import { useReleaseChecks } from './use-release-checks.ts';

function Router() {
  useReleaseChecks();
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/**
 * The app shell, once the runtime is loaded. Providers in the order data flows:
 * runtime config → auth → live connection → router.
 */
export function App({ runtime }: { readonly runtime: Runtime }) {
  return (
    <RuntimeConfigProvider runtime={runtime}>
      <AuthProvider>
        <LiveConnectionProvider>
          <Router />
        </LiveConnectionProvider>
      </AuthProvider>
    </RuntimeConfigProvider>
  );
}
