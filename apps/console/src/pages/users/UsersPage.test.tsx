import { errorEnvelope, type Page, type SignInSettings, type User } from '@careboard/contracts';
import { HttpError } from '@careboard/web-client';
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
  'customers/acme/settings': {
    visit_name_retention_days: 30,
    feed_message_retention_days: 30,
    audit_retention_years: 6,
  },
};

/** The Users page at /users for someone holding `scopes`, against faked REST reads. */
function renderUsers(
  scopes: ReadonlySet<string>,
  sendJson: (method: string, path: string, body: unknown) => Promise<unknown> = async () => ({}),
) {
  const runtime = testRuntime();
  const getJson = vi.fn(async (path: string) => {
    if (!(path in answers)) throw new Error(`no fake answer for GET ${path}`);
    return answers[path];
  });
  renderConsole({
    path: '/users',
    identity: testIdentity({ scopes }),
    runtime: { ...runtime, http: { ...runtime.http, getJson, sendJson } },
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
    ).toEqual(['People', 'Sign-in', 'Privacy']);
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

  it('shows an admin the retention periods on the Privacy tab, saves them, and says why one is refused', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderUsers(adminScopes, async (method, path, body) => {
      sent.push([method, path, body]);
      const days = (body as { visit_name_retention_days: number }).visit_name_retention_days;
      if (days > 3650) {
        const field = 'visit_name_retention_days';
        throw new HttpError(400, errorEnvelope('OUT_OF_RANGE', { field, min: 1, max: 3650 }));
      }
      return {};
    });
    const tabs = await screen.findByRole('tablist', { name: 'Users sections' });
    await user.click(within(tabs).getByRole('tab', { name: 'Privacy' }));
    const panel = screen.getByRole('tabpanel', { name: 'Privacy' });
    const names = await within(panel).findByRole('spinbutton', { name: 'Names of completed visits (days)' });
    await vi.waitFor(() => expect((names as HTMLInputElement).value).toBe('30'));
    expect(
      (within(panel).getByRole('spinbutton', { name: 'Audit events (years)' }) as HTMLInputElement).value,
    ).toBe('6');

    await user.clear(names);
    await user.type(names, '90');
    await user.click(within(panel).getByRole('button', { name: 'Save the periods' }));
    expect(await within(panel).findByText('The retention periods are saved.')).toBeTruthy();
    expect(sent).toEqual([
      [
        'PATCH',
        'customers/acme',
        { visit_name_retention_days: 90, feed_message_retention_days: 30, audit_retention_years: 6 },
      ],
    ]);

    await user.clear(names);
    await user.type(names, '4000');
    await user.click(within(panel).getByRole('button', { name: 'Save the periods' }));
    expect(
      await within(panel).findByText('visit_name_retention_days must be a whole number from 1 to 3650.'),
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
