import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleRuntime } from '../runtime-config/console-runtime.ts';
import { Boot } from './Boot.tsx';

describe('the console on an insecure origin (CON-70)', () => {
  it("says HTTPS is required in the customer's language, with the https address, and tells the server once", async () => {
    const sendJson = vi.fn(async () => undefined);
    const runtime = {
      locale: 'es-US',
      config: { API_URL: 'http://10.1.2.3:8080/api' },
      http: { sendJson },
    } as unknown as ConsoleRuntime;
    render(
      <Boot
        loadRuntime={async () => runtime}
        secureContext={false}
        pageUrl={() => 'http://10.1.2.3:8080/console/screens'}
      />,
    );
    await act(async () => undefined);
    expect(screen.getByRole('heading').textContent).toBe('Se requiere HTTPS');
    expect(screen.queryByText('There was an unexpected error.')).toBeNull();
    // PUBLIC_URL is plain http here: the same address, over https.
    expect(screen.getByRole('link').getAttribute('href')).toBe('https://10.1.2.3:8080/console/screens');
    expect(sendJson).toHaveBeenCalledOnce();
    expect(sendJson).toHaveBeenCalledWith(
      'POST',
      'client-errors',
      expect.objectContaining({ message: expect.stringContaining('console opened on an insecure origin') }),
    );
  });

  it('says so in English when the runtime does not load', async () => {
    render(
      <Boot
        loadRuntime={() => Promise.reject(new Error('503'))}
        secureContext={false}
        pageUrl={() => 'http://10.1.2.3:8080/console/'}
      />,
    );
    await act(async () => undefined);
    expect(screen.getByRole('heading').textContent).toBe('HTTPS is required');
  });
});
