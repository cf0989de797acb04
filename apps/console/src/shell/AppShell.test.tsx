import { PRODUCT_VERSION } from '@careboard/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderConsole, testIdentity } from '../app/test-harness.tsx';

const contractNames = ['Setup', 'Boards', 'Screens', 'Desk', 'Care setting', 'Equipment', 'Users'];

describe('the console shell', () => {
  it('has one navigation landmark with the seven links of the contract, by accessible name', async () => {
    renderConsole({ path: '/boards' });
    const navigation = screen.getByRole('navigation');
    const links = within(navigation).getAllByRole('link');
    // The contract's seven, then Integrations (FEED-40), which an admin sees.
    expect(links.map((link) => link.textContent)).toEqual([...contractNames, 'Integrations']);
    for (const name of contractNames) {
      expect(within(navigation).getByRole('link', { name })).toBeTruthy();
    }
    expect(await screen.findByRole('heading', { level: 1, name: 'Boards' })).toBeTruthy();
  });

  it('shows the product and its version, the customer and the signed-in person in the top bar, and signs out', async () => {
    const signOut = vi.fn();
    renderConsole({ path: '/desk', identity: testIdentity({ name: 'Nia Nurse', signOut }) });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Careboard Console')).toBeTruthy();
    expect(within(banner).getByText(`Version ${PRODUCT_VERSION}`)).toBeTruthy();
    expect(within(banner).getByText('Customer: acme')).toBeTruthy();
    expect(within(banner).getByText('Signed in as Nia Nurse')).toBeTruthy();
    await userEvent.click(within(banner).getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('moves between pages with the keyboard alone, marking the current one', async () => {
    const user = userEvent.setup();
    renderConsole({ path: '/setup' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Setup' })).toBeTruthy();
    const screens = screen.getByRole('link', { name: 'Screens' });
    screens.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Screens' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Screens' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Setup' }).getAttribute('aria-current')).toBeNull();
  });

  it('offers a skip link to the page as the first Tab stop', async () => {
    const user = userEvent.setup();
    renderConsole({ path: '/users' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    expect(skip.getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
  });

  it("opens the first page the person's scopes show", async () => {
    renderConsole({ path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Setup' })).toBeTruthy();
  });

  it('gives each page its heading and a description of what it will hold', async () => {
    renderConsole({ path: '/care-setting' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Care setting' })).toBeTruthy();
    expect(screen.getByText(/Sites, departments, workflows/)).toBeTruthy();
  });
});

describe('roles in the shell', () => {
  const staffOnDesk = new Set(['read:patients', 'read:departments', 'write:patients']);

  it('shows only the pages the scopes allow', () => {
    renderConsole({ path: '/desk', identity: testIdentity({ scopes: staffOnDesk }) });
    const links = within(screen.getByRole('navigation')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Desk']);
  });

  it('answers a deep link to a hidden page with the no-permission text', () => {
    renderConsole({ path: '/users', identity: testIdentity({ scopes: staffOnDesk }) });
    expect(screen.getByRole('status').textContent).toBe(
      'You do not have permissions to access this section.',
    );
    expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull();
  });

  it('tells a visitor that their role has no pages, with no navigation', () => {
    renderConsole({ identity: testIdentity({ scopes: new Set(['read:sites', 'read:departments']) }) });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Your role has no console pages. Ask an administrator for access.',
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('answers an unknown path inside the shell', () => {
    renderConsole({ path: '/nowhere' });
    expect(screen.getByRole('status').textContent).toBe('There is no such page in the console.');
  });
});
