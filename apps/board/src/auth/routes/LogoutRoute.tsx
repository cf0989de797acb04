import { useEffect, useRef } from 'react';
import { useRuntime } from '../../runtime-config/runtime-context.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { useAuth } from '../auth-context.ts';

/** auth/logout: revokes and forgets the tokens, then leaves for the provider's end-session page. */
export function LogoutRoute() {
  const auth = useAuth();
  const { reporter } = useRuntime();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    auth.logout().catch((error: unknown) => reporter.report(error));
  }, [auth, reporter]);

  return <LoadingScreen />;
}
