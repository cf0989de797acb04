import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleIdentityContext } from '../auth/console-identity.ts';
import { ScreenStep } from '../pages/setup/steps/ScreenStep.tsx';
import { ConsoleRuntimeProvider } from '../runtime-config/ConsoleRuntimeProvider.tsx';
import { adminScopes, renderConsole, testIdentity, testRuntime } from './test-harness.tsx';

/** What staff hold (roles.ts): an admin's scopes but the customer's settings and bulk creation. */
const staffScopes: ReadonlySet<string> = new Set(
  [...adminScopes].filter(
    (scope) => !['update:customer*', 'toggle:customer', 'create-bulk:*'].includes(scope),
  ),
);

// Pairing a screen is an admin's act (IDN-20): the console offers it to those the server lets pair.
describe('pairing a screen in the console', () => {
  it('offers the Screens page its pairing form for an admin', async () => {
    renderConsole({ path: '/screens' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Screens' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Pair a screen' })).toBeTruthy();
    expect(screen.getByLabelText('Code')).toBeTruthy();
    // The page is a lazy chunk with a data grid: its first import in jsdom may take a while.
  }, 20_000);

  it('leaves it out for staff, who see the fleet', async () => {
    renderConsole({ path: '/screens', identity: testIdentity({ scopes: staffScopes }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Screens' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'All screens' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pair a screen' })).toBeNull();
    expect(screen.queryByLabelText('Code')).toBeNull();
  }, 20_000);

  it("tells staff in Setup's last step to ask an admin, instead of a form the server refuses", () => {
    render(
      <ConsoleRuntimeProvider runtime={testRuntime()}>
        <ConsoleIdentityContext value={testIdentity({ scopes: staffScopes })}>
          <ScreenStep
            heading="Pair a screen"
            data={{
              sites: [],
              departments: [],
              workflows: [],
              phaseCounts: {},
              locations: [],
              stations: [],
              boards: [],
              devices: [],
            }}
            onDone={async () => undefined}
          />
        </ConsoleIdentityContext>
      </ConsoleRuntimeProvider>,
    );
    expect(
      screen.getByText('Only an admin can pair a screen. Ask an admin to type the code the screen shows.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Code')).toBeNull();
  });
});
