import { Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useConsoleIdentity } from '../auth/console-identity.ts';
import { type ConsolePage, consolePages } from '../navigation/console-pages.ts';
import { visiblePages } from '../navigation/visible-pages.ts';
import { useConsoleRuntime } from '../runtime-config/console-runtime.ts';
import { AppShell } from '../shell/AppShell.tsx';
import { StatusMessage } from '../ui/StatusMessage.tsx';
import { pageComponents } from './page-components.ts';

/**
 * The console's routes, below its base (/console/). Every page has a route; one
 * the person's scopes do not show answers the catalogue's no-permission text
 * (a deep link is not a way in: the API refuses its calls anyway).
 */
export function ConsoleRoutes() {
  const identity = useConsoleIdentity();
  const pages = visiblePages(identity.scopes);
  const first = pages[0];
  return (
    <Routes>
      <Route element={<AppShell identity={identity} pages={pages} />}>
        <Route
          index
          element={first ? <StartPage pages={pages} /> : <StatusMessage message="shell.noPages" />}
        />
        {consolePages.map((page) => {
          const Page = pageComponents[page.id];
          return (
            <Route
              key={page.id}
              path={`${page.path}/*`}
              element={
                pages.includes(page) ? (
                  <Suspense fallback={<StatusMessage busy message="app.loading" />}>
                    <Page />
                  </Suspense>
                ) : (
                  <StatusMessage message="auth.noPermission" />
                )
              }
            />
          );
        })}
        <Route path="*" element={<StatusMessage message="shell.notFound" />} />
      </Route>
    </Routes>
  );
}

/**
 * The console's root: Setup while the customer has no board on a screen yet, else the first
 * other page the person may see, so a finished Setup steps aside (decision CON-38). A failed read
 * goes to the first visible page, as before.
 */
function StartPage({ pages }: { readonly pages: readonly ConsolePage[] }) {
  const { http } = useConsoleRuntime();
  const setup = pages.find((page) => page.id === 'setup');
  const other = pages.find((page) => page.id !== 'setup') ?? pages[0];
  const [target, setTarget] = useState<ConsolePage | undefined>(setup ? undefined : other);
  useEffect(() => {
    if (!setup) return;
    let current = true;
    Promise.all([http.getJson('display-boards'), http.getJson('devices?limit=1&revoked=false')]).then(
      ([boards, devices]) => {
        const done = (boards as unknown[]).length > 0 && (devices as { total: number }).total > 0;
        if (current) setTarget(done ? other : setup);
      },
      () => {
        if (current) setTarget(pages[0]);
      },
    );
    return () => {
      current = false;
    };
  }, [http, setup, other, pages]);
  if (!target) return <StatusMessage busy message="app.loading" />;
  return <Navigate to={`/${target.path}`} replace />;
}
