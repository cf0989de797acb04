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

  it("on an insecure origin, says HTTPS is required in the customer's language, with the https address, and tells the server once (BRD-24)", async () => {
    const sendJson = vi.fn(async () => undefined);
    const spanish = {
      customer: { id: 'acme' },
      locale: 'es-US',
      config: { API_URL: 'https://careboard.hospital.example/api' },
      http: { sendJson },
    } as unknown as Runtime;
    const loadApp = vi.fn(async () => AppShell);
    render(
      <Boot
        loadRuntime={async () => spanish}
        loadApp={loadApp}
        secureContext={false}
        pageUrl={() => 'http://10.1.2.3:8080/?id=1&auth_flow=1'}
      />,
    );
    await act(async () => undefined);
    expect(screen.getByRole('heading').textContent).toBe('Se requiere HTTPS');
    expect(screen.queryByText('app for acme')).toBeNull();
    expect(screen.getByRole('link').getAttribute('href')).toBe(
      'https://careboard.hospital.example/?id=1&auth_flow=1',
    );
    expect(sendJson).toHaveBeenCalledOnce();
    expect(sendJson).toHaveBeenCalledWith(
      'POST',
      'client-errors',
      expect.objectContaining({
        message: 'board opened on an insecure origin (http://10.1.2.3:8080): HTTPS is required',
        url: 'http://10.1.2.3:8080/',
      }),
    );
  });

  it('on an insecure origin without a config, says so in English with the same address over https', async () => {
    render(
      <Boot
        loadRuntime={() => Promise.reject(new Error('503'))}
        loadApp={async () => AppShell}
        secureContext={false}
        pageUrl={() => 'http://10.1.2.3:8080/?id=2'}
      />,
    );
    await act(async () => undefined);
    expect(screen.getByRole('heading').textContent).toBe('HTTPS is required');
    expect(screen.getByRole('link').getAttribute('href')).toBe('https://10.1.2.3:8080/?id=2');
  });
});
