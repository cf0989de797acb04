import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRuntime } from '../../runtime-config/runtime-context.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { useAuth } from '../auth-context.ts';

/** Where a failed sign-in lands (specification section 4: a configured error path, default the root). */
export const CALLBACK_ERROR_PATH = '/';

/**
 * auth/callback: checks code, error and state, exchanges the code, checks the
 * ID token, then goes to the saved target path; on any failure to the error path.
 */
export function CallbackRoute({ errorPath = CALLBACK_ERROR_PATH }: { readonly errorPath?: string }) {
  const auth = useAuth();
  const { reporter } = useRuntime();
  const navigate = useNavigate();
  const location = useLocation();
  const callbackUrl = `${window.location.origin}${location.pathname}${location.search}`;
  const handled = useRef(false);

  useEffect(() => {
    // A code can be exchanged once only: strict mode's second effect must not try again.
    if (handled.current) return;
    handled.current = true;
    auth.completeLogin(callbackUrl).then(
      (next) => navigate(next, { replace: true }),
      (error: unknown) => {
        reporter.report(error);
        navigate(errorPath, { replace: true });
      },
    );
  }, [auth, callbackUrl, errorPath, navigate, reporter]);

  return <LoadingScreen />;
}
