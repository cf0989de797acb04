import { boardTypeRoutes } from '@careboard/contracts';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { matchPath, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { readAuthFlow } from '../auth/auth-flow.ts';
import { CallbackRoute } from '../auth/routes/CallbackRoute.tsx';
import { LoginRoute } from '../auth/routes/LoginRoute.tsx';
import { LogoutRoute } from '../auth/routes/LogoutRoute.tsx';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { GuardedRoot } from './GuardedRoot.tsx';
import { RouteErrorBoundary } from './RouteError.tsx';

/** What the root shows while its board route's chunk loads: the spinner, except in the device flow. */
function BoardScreenLoading() {
  const location = useLocation();
  return readAuthFlow(location.search) === 'device' ? null : <LoadingScreen />;
}

/** Any other path goes to the root, keeping the query: a mistyped address still shows its board (BRD-17). */
function RedirectToRoot() {
  const location = useLocation();
  return <Navigate to={{ pathname: '/', search: location.search }} replace />;
}

/** A component in its own chunk: rendered through React.lazy, and fetchable before its first render. */
function lazyChunk(load: () => Promise<ComponentType>) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((Component) => ({ default: Component }));
    return loading;
  };
  return { Component: lazy(preload), preload };
}

/** Each board screen is its own chunk, loaded when its route is entered. */
const boardScreens = [
  {
    path: boardTypeRoutes[1],
    ...lazyChunk(async () => (await import('../screens/workflow/WorkflowScreen.tsx')).WorkflowScreen),
  },
  {
    path: boardTypeRoutes[2],
    ...lazyChunk(async () => (await import('../screens/family/FamilyScreen.tsx')).FamilyScreen),
  },
  {
    path: boardTypeRoutes[3],
    ...lazyChunk(async () => (await import('../screens/patient/PatientScreen.tsx')).PatientScreen),
  },
  {
    path: boardTypeRoutes[4],
    ...lazyChunk(
      async () => (await import('../screens/assets-par-level/AssetsParLevelScreen.tsx')).AssetsParLevelScreen,
    ),
  },
];

// The device route carries the QR code library: loaded only when a device activates.
const DeviceRoute = lazy(async () => ({
  default: (await import('../auth/device/DeviceRoute.tsx')).DeviceRoute,
}));

/** The specification's routes (section 2). */
export const appRoutes: RouteObject[] = [
  {
    path: 'auth/login',
    element: (
      <RouteErrorBoundary>
        <LoginRoute />
      </RouteErrorBoundary>
    ),
  },
  {
    path: 'auth/callback',
    element: (
      <RouteErrorBoundary>
        <CallbackRoute />
      </RouteErrorBoundary>
    ),
  },
  {
    path: 'auth/device',
    element: (
      <RouteErrorBoundary>
        {/* Nothing while the chunk loads: no spinner in the device flow. */}
        <Suspense fallback={null}>
          <DeviceRoute />
        </Suspense>
      </RouteErrorBoundary>
    ),
  },
  {
    path: 'auth/logout',
    element: (
      <RouteErrorBoundary>
        <LogoutRoute />
      </RouteErrorBoundary>
    ),
  },
  {
    path: '/',
    // Screen errors, a screen chunk that cannot load among them, reach the root's boundary.
    element: (
      <RouteErrorBoundary>
        <GuardedRoot />
      </RouteErrorBoundary>
    ),
    children: boardScreens.map(({ path, Component }) => ({
      path,
      element: (
        <Suspense fallback={<BoardScreenLoading />}>
          <Component />
        </Suspense>
      ),
    })),
  },
  { path: '*', element: <RedirectToRoot /> },
];

/**
 * The board screen of the address the page opened on starts loading at once,
 * alongside sign-in, the live connection and the board config, rather than
 * when the config finally asks for it.
 */
function usePreloadFirstBoardScreen(): void {
  const location = useLocation();
  const [firstPath] = useState(location.pathname);
  useEffect(() => {
    const screen = boardScreens.find(({ path }) => matchPath(`/${path}`, firstPath));
    // A chunk that cannot load fails again when the screen renders: RouteError handles it there.
    screen?.preload().catch(() => undefined);
  }, [firstPath]);
}

/** The routes, inside a BrowserRouter (the app) or a MemoryRouter (tests). */
export function AppRoutes() {
  usePreloadFirstBoardScreen();
  return useRoutes(appRoutes);
}
