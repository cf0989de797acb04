import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enUS } from '../i18n/en-US.ts';
import type { Runtime } from '../runtime-config/runtime-context.ts';
import { Boot } from './Boot.tsx';

function AppShell({ runtime }: { readonly runtime: Runtime }) {
  return <p>app for {runtime.customer.id}</p>;
}

const runtime = { customer: { id: 'acme' } } as Runtime;

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

describe('boot', () => {
  it('shows the spinner while the runtime and the app shell load, then the app', async () => {
    let finish: (value: Runtime) => void = () => undefined;
    const loadRuntime = vi.fn(() => new Promise<Runtime>((resolve) => (finish = resolve)));
    render(<Boot loadRuntime={loadRuntime} loadApp={async () => AppShell} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('Loading');
    await act(async () => finish(runtime));
    expect(screen.getByText('app for acme')).toBeTruthy();
    expect(loadRuntime).toHaveBeenCalled();
  });

  it('shows no spinner in the device flow', () => {
    window.history.replaceState(null, '', '/?id=1&auth_flow=1');
    const { container } = render(
      <Boot loadRuntime={() => new Promise(() => undefined)} loadApp={async () => AppShell} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('says There was an unexpected error. without a config, and reloads after 30 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    render(
      <Boot
        loadRuntime={() => Promise.reject(new Error('503'))}
        loadApp={async () => AppShell}
        reload={reload}
      />,
    );
    await act(async () => undefined);
    expect(screen.getByRole('alert').textContent).toBe(enUS['error.unexpected']);
    act(() => vi.advanceTimersByTime(29_999));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledOnce();
  });
});
