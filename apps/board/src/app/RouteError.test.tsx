import type { ErrorReporter } from '@careboard/web-client';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ReactNode, Suspense } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enUS } from '../i18n/en-US.ts';
import { RuntimeConfigProvider } from '../runtime-config/RuntimeConfigProvider.tsx';
import type { Runtime } from '../runtime-config/runtime-context.ts';
import { createAppStore } from '../state/app-store.ts';
import { RouteErrorBoundary } from './RouteError.tsx';

/** A route that throws on /broken. */
function Page() {
  if (useLocation().pathname === '/broken') throw new Error('boom');
  return <p>fine</p>;
}

/** Navigation outside the boundary, as the browser's address bar would be. */
function GoTo({ path }: { readonly path: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(path)}>
      go to {path}
    </button>
  );
}

function renderRoute(ui: ReactNode, path = '/') {
  const reporter: ErrorReporter = { report: vi.fn() };
  const reload = vi.fn();
  const runtime = {
    locale: 'en-US',
    messages: enUS,
    store: createAppStore(),
    reporter,
  } as unknown as Runtime;
  const view = render(
    <RuntimeConfigProvider runtime={runtime}>
      <MemoryRouter initialEntries={[path]}>
        <GoTo path="/elsewhere" />
        <RouteErrorBoundary reload={reload}>{ui}</RouteErrorBoundary>
      </MemoryRouter>
    </RuntimeConfigProvider>,
  );
  return { ...view, reporter, reload };
}

afterEach(() => vi.restoreAllMocks());

describe('route error boundary', () => {
  it('says There was an unexpected error. for what a route throws, and reports it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { reporter, reload } = renderRoute(<Page />, '/broken');
    expect(screen.getByRole('alert').textContent).toBe(enUS['error.unexpected']);
    expect(reporter.report).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at once, showing nothing, when a screen’s chunk cannot load (a newer release replaced it)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Workflow.js')),
    );
    const { reporter, reload } = renderRoute(
      <Suspense fallback={null}>
        <Screen />
      </Suspense>,
    );
    await act(async () => undefined);
    expect(reload).toHaveBeenCalledOnce();
    expect(reporter.report).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the error on another address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute(<Page />, '/broken');
    expect(screen.getByRole('alert')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'go to /elsewhere' }));
    expect(screen.getByText('fine')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
