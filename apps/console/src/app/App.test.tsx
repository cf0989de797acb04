import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { esUS } from '../i18n/es-US.ts';
import { App } from './App.tsx';
import { testRuntime } from './test-harness.tsx';

beforeEach(() => {
  window.history.pushState({}, '', '/console/');
});
afterEach(() => {
  window.localStorage.clear();
});

describe('the production App', () => {
  it('shows "Signing in…" and no page or navigation until a session exists (CON-03)', () => {
    render(<App runtime={testRuntime()} />);
    expect(screen.getByRole('status').textContent).toBe('Signing in…');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('main')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it("says it in the customer's language, and sets the document's language", () => {
    render(<App runtime={testRuntime({ locale: 'es-US', messages: esUS })} />);
    expect(screen.getByRole('status').textContent).toBe('Iniciando sesión…');
    expect(document.documentElement.lang).toBe('es-US');
  });

  it('says so when the sign-in cannot start (no provider reachable)', async () => {
    render(<App runtime={testRuntime()} />);
    expect((await screen.findByText('There was an unexpected error.')).textContent).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
