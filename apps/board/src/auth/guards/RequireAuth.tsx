import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppState } from '../../state/app-store-context.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { useAuth } from '../auth-context.ts';
import { readAuthFlow, signInPath } from '../auth-flow.ts';

/**
 * Lets its children render once the user is authenticated. Until then it
 * silently tries the stored refresh token; without one it sends the standard
 * flow to auth/login and the device flow (auth_flow=1) to auth/device, both
 * with `next` = the requested address. The spinner shows meanwhile, except in
 * the device flow.
 */
export function RequireAuth({ children }: { readonly children: ReactNode }) {
  const auth = useAuth();
  const accessToken = useAppState((state) => state.session.accessToken);
  const location = useLocation();
  const flow = readAuthFlow(location.search);
  const [noSession, setNoSession] = useState(false);

  useEffect(() => {
    if (accessToken) return;
    let current = true;
    auth.restoreSession(flow).then((result) => {
      if (current && result === 'no-session') setNoSession(true);
    });
    return () => {
      current = false;
    };
  }, [accessToken, auth, flow]);

  if (accessToken) return children;
  if (noSession) return <Navigate to={signInPath(flow, `${location.pathname}${location.search}`)} replace />;
  return flow === 'device' ? null : <LoadingScreen />;
}
