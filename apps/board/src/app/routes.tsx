import { boardTypeRoutes } from '@careboard/contracts';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { readAuthFlow } from '../auth/auth-flow.ts';
import { CallbackRoute } from '../auth/routes/CallbackRoute.tsx';
import { LoginRoute } from '../auth/routes/LoginRoute.tsx';
import { LogoutRoute } from '../auth/routes/LogoutRoute.tsx';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { GuardedRoot } from './GuardedRoot.tsx';
import { RouteError } from './RouteError.tsx';

/**
 * What the root shows while its board route's chunk loads on the first visit:
 * the spinner, except in the device flow.
 */
function InitialLoading() {
  const location = useLocation();
  return readAuthFlow(location.search) === 'device' ? null : <LoadingScreen />;
}

/** The device flow shows nothing while its chunk loads (no spinner in the device flow). */
function NothingWhileLoading() {
  return null;
}

/** Any other path goes to the root, keeping the query (a board address with a typo still shows its board). */
function RedirectToRoot() {
  const location = useLocation();
  return <Navigate to={{ pathname: '/', search: location.search }} replace />;
}

/** Each board screen is its own chunk, loaded when its route is entered. */
const boardScreens = [
  {
    path: boardTypeRoutes[1],
    lazy: async () => ({
      Component: (await import('../screens/workflow/WorkflowScreen.tsx')).WorkflowScreen,
    }),
  },
  {
    path: boardTypeRoutes[2],
    lazy: async () => ({ Component: (await import('../screens/family/FamilyScreen.tsx')).FamilyScreen }),
  },
  {
    path: boardTypeRoutes[3],
    lazy: async () => ({ Component: (await import('../screens/patient/PatientScreen.tsx')).PatientScreen }),
  },
  {
    path: boardTypeRoutes[4],
    lazy: async () => ({
      Component: (await import('../screens/assets-par-level/AssetsParLevelScreen.tsx')).AssetsParLevelScreen,
    }),
  },
] satisfies RouteObject[];

/** The specification's routes (section 2). */
export const appRoutes: RouteObject[] = [
  { path: 'auth/login', Component: LoginRoute, ErrorBoundary: RouteError },
  { path: 'auth/callback', Component: CallbackRoute, ErrorBoundary: RouteError },
  // The device route carries the QR code library: loaded only when a device activates.
  {
    path: 'auth/device',
    lazy: async () => ({ Component: (await import('../auth/device/DeviceRoute.tsx')).DeviceRoute }),
    HydrateFallback: NothingWhileLoading,
    ErrorBoundary: RouteError,
  },
  { path: 'auth/logout', Component: LogoutRoute, ErrorBoundary: RouteError },
  {
    path: '/',
    Component: GuardedRoot,
    HydrateFallback: InitialLoading,
    ErrorBoundary: RouteError,
    children: boardScreens,
  },
  { path: '*', Component: RedirectToRoot },
];
