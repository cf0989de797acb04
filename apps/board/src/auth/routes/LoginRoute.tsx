import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRuntime } from '../../runtime-config/runtime-context.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { MessageScreen } from '../../ui/MessageScreen.tsx';
import { useAuth } from '../auth-context.ts';
import { readNextPath } from '../auth-flow.ts';

/** auth/login?next=…: redirects to the identity provider; comes back to `next` after sign-in. */
export function LoginRoute() {
  const auth = useAuth();
  const { reporter } = useRuntime();
  const [params] = useSearchParams();
  const next = readNextPath(params);
  const started = useRef(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // Once per page: a second redirect would overwrite the first one's state and verifier.
    if (started.current) return;
    started.current = true;
    auth.startLogin(next).catch((error: unknown) => {
      reporter.report(error);
      setFailed(true);
    });
  }, [auth, next, reporter]);

  return failed ? <MessageScreen id="error.unexpected" /> : <LoadingScreen />;
}
