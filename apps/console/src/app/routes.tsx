import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useConsoleIdentity } from '../auth/console-identity.ts';
import { consolePages } from '../navigation/console-pages.ts';
import { visiblePages } from '../navigation/visible-pages.ts';
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
          element={
            first ? <Navigate to={`/${first.path}`} replace /> : <StatusMessage message="shell.noPages" />
          }
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
