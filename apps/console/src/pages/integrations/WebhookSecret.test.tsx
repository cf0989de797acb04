import { DEFAULT_LOCALE, type RuntimeConfig } from '@careboard/contracts';
import { createHttpClient, createSessionStore } from '@careboard/web-client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConsoleIdentityContext } from '../../auth/console-identity.ts';
import { enUS } from '../../i18n/en-US.ts';
import { ConsoleRuntimeProvider } from '../../runtime-config/ConsoleRuntimeProvider.tsx';
import { WebhookSecret } from './WebhookSecret.tsx';

const config: RuntimeConfig = {
  API_URL: 'https://careboard.example.test/api',
  SECURABLE_API_URL: 'https://careboard.example.test/api/securable',
  EXPORT_API_URL: 'https://careboard.example.test/api/export',
  GRAPHQL_URL: 'wss://careboard.example.test/graphql',
  SOCKETS_URL: 'https://careboard.example.test',
  AUTH_DOMAIN: 'https://careboard.example.test',
  AUTH_AUDIENCE: 'https://careboard.example.test/api',
  AUTH_CLIENT_ID: 'careboard-board',
  REFRESH_TOKEN_IN_ADVANCE_SEC: 60,
  CHECK_RELEASE_AFTER_SEC: 300,
  LOGOUT_CALLBACK_URL: 'https://careboard.example.test/',
  ERROR_REPORTING_KEY: null,
  CUSTOMER_ID: 'acme',
};

const SECRET = 'a1'.repeat(32);

/** The section against a stubbed API that has no secret until one is made. */
function renderSecret() {
  const requests: string[] = [];
  let made: string | null = null;
  const runtime = {
    config,
    customer: { id: 'acme', auth_org_id: 'org_acme', auth_device_client_id: null, locale: null },
    locale: DEFAULT_LOCALE,
    messages: enUS,
    session: createSessionStore(),
    http: createHttpClient({
      bases: config,
      getAccessToken: () => 'token',
      readCookies: () => '',
      fetch: async (input, init) => {
        const method = init?.method ?? 'GET';
        requests.push(`${method} ${String(input)}`);
        if (method === 'POST') made = '2026-03-02T12:00:00.000Z';
        const body =
          method === 'POST'
            ? { secret: SECRET, created_at: made }
            : { exists: made !== null, created_at: made };
        return new Response(JSON.stringify(body), {
          status: method === 'POST' ? 201 : 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    }),
  };
  render(
    <ConsoleRuntimeProvider runtime={runtime}>
      <ConsoleIdentityContext
        value={{ name: 'Ada', customerId: 'acme', scopes: new Set(), signOut: () => {} }}
      >
        <WebhookSecret />
      </ConsoleIdentityContext>
    </ConsoleRuntimeProvider>,
  );
  return requests;
}

describe('the webhook secret', () => {
  it('is made only after a confirmation, shown once with the URL and the signature format, then forgotten', async () => {
    const user = userEvent.setup();
    const requests = renderSecret();
    expect(await screen.findByText('There is no secret yet: the webhook refuses every batch.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Make a new webhook secret' }));
    const confirm = screen.getByRole('dialog', { name: 'Make a new webhook secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Make a new webhook secret' }));
    await user.click(screen.getByRole('button', { name: 'Make the new secret' }));
    const shown = await screen.findByRole('dialog', { name: 'The new webhook secret' });
    expect(requests).toContain('POST https://careboard.example.test/api/feeds/rtls/secret');
    expect(within(shown).getByText(SECRET)).toBeTruthy();
    expect(
      within(shown).getByText('https://careboard.example.test/api/feeds/rtls/sightings?customer=acme'),
    ).toBeTruthy();
    expect(
      within(shown).getByText('X-Careboard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">'),
    ).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy the secret' })).toBeTruthy();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(await screen.findByText(/^The current secret was made /)).toBeTruthy();
  });
});
