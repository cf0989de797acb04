import { DEFAULT_LOCALE, type RuntimeConfig } from '@careboard/contracts';
import { createHttpClient, createSessionStore } from '@careboard/web-client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { enUS } from '../i18n/en-US.ts';
import { ConsoleRuntimeProvider } from '../runtime-config/ConsoleRuntimeProvider.tsx';
import { PairScreenForm } from './PairScreenForm.tsx';

type Answer = { status: number; body: unknown };

/** The little of a runtime the form needs, without the whole app that app/'s harness brings. */
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

/** The form against a stubbed API: records each request, answers what `answer` gives. */
function renderForm(answer: () => Answer, onPaired = vi.fn()) {
  const requests: { url: string; body: unknown }[] = [];
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
        requests.push({ url: String(input), body: JSON.parse(String(init?.body ?? 'null')) });
        const { status, body } = answer();
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      },
    }),
  };
  render(
    <ConsoleRuntimeProvider runtime={runtime}>
      <PairScreenForm onPaired={onPaired} />
    </ConsoleRuntimeProvider>,
  );
  return { requests, onPaired };
}

const paired = {
  id: 7,
  name: 'Hall',
  display_board_id: 1,
  location_id: null,
  online: false,
  status: 'approved',
};

describe('PairScreenForm', () => {
  it('sends the code as typed, with a name, and reports the paired screen', async () => {
    const { requests, onPaired } = renderForm(() => ({ status: 201, body: paired }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), 'bcdf ghjk');
    await user.type(screen.getByLabelText('Screen name (optional)'), ' Hall ');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Hall is paired. It shows its board within seconds.')).toBeTruthy();
    expect(requests).toEqual([
      {
        url: 'https://careboard.example.test/api/devices/pair',
        body: { user_code: 'bcdf ghjk', name: 'Hall' },
      },
    ]);
    expect(onPaired).toHaveBeenCalledWith(paired);
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('');
  });

  it("shows the catalogue's text for a refused code and puts the cursor back in Code", async () => {
    const refusal = {
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Display', field: 'code', value: 'BCDF-GHJK' },
      message: 'Display with code "BCDF-GHJK" not found.',
    };
    const { onPaired } = renderForm(() => ({ status: 422, body: refusal }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), 'BCDF-GHJK{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Display with code "BCDF-GHJK" not found.');
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
    expect(onPaired).not.toHaveBeenCalled();
  });

  it('asks for a code before sending anything', async () => {
    const { requests } = renderForm(() => ({ status: 201, body: paired }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pair screen' }));
    expect(await screen.findByText('Code is required value.')).toBeTruthy();
    expect(requests).toEqual([]);
  });
});
