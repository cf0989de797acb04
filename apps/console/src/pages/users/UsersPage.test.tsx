import type { Page, SignInSettings, User } from '@careboard/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminScopes, renderConsole, testIdentity, testRuntime } from '../../app/test-harness.tsx';

const page = <T,>(items: T[]): Page<T> => ({ items, total: items.length, limit: 200, offset: 0 });

const answers: Record<string, unknown> = {
  'users?limit=200': page<User>([
    {
      id: 'u1',
      email: 'ada@acme.test',
      name: 'Ada Admin',
      role: 'admin',
      disabled: false,
      created_at: '2026-03-02T12:00:00.000Z',
    },
  ]),
  'sign-in-connections?limit=200': page([]),
  'sign-in-settings': { password_sign_in: 'everyone', break_glass_user_ids: [] } satisfies SignInSettings,
  'scim-tokens?limit=200': page([]),
};

/** The Users page at /users for someone holding `scopes`, against faked REST reads. */
function renderUsers(scopes: ReadonlySet<string>) {
  const runtime = testRuntime();
  const getJson = vi.fn(async (path: string) => {
    if (!(path in answers)) throw new Error(`no fake answer for GET ${path}`);
    return answers[path];
  });
  renderConsole({
    path: '/users',
    identity: testIdentity({ scopes }),
    runtime: { ...runtime, http: { ...runtime.http, getJson } },
  });
  return getJson;
}

// The page is a lazy chunk with MUI's grid and tabs: its first import can take seconds here.
const SLOW_FIRST_RENDER = { timeout: 30_000 };

describe('the Users page', SLOW_FIRST_RENDER, () => {
  it('offers an admin the Sign-in tab beside People', async () => {
    const user = userEvent.setup();
    renderUsers(adminScopes);
    const tabs = await screen.findByRole('tablist', { name: 'Users sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['People', 'Sign-in']);
    expect(await screen.findByRole('grid', { name: 'People who sign in' })).toBeTruthy();

    await user.click(within(tabs).getByRole('tab', { name: 'Sign-in' }));
    const panel = screen.getByRole('tabpanel', { name: 'Sign-in' });
    for (const heading of ['Sign-in connections', 'Password sign-in', 'SCIM tokens']) {
      expect(within(panel).getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
    expect(
      await within(panel).findByText('No connection yet: everyone signs in with a Careboard password.'),
    ).toBeTruthy();
  });

  it('shows someone who may not change the customer’s settings the people only, and reads nothing of sign-in', async () => {
    const getJson = renderUsers(new Set([...adminScopes].filter((scope) => scope !== 'update:customer*')));
    expect(await screen.findByRole('grid', { name: 'People who sign in' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sign-in connections' })).toBeNull();
    expect(getJson.mock.calls.map(([path]) => path).filter((path) => !path.startsWith('users'))).toEqual([]);
  });
});
