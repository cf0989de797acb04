import { DEFAULT_LOCALE, type DisplayBoardConfig, type RuntimeConfig } from '@careboard/contracts';
import { createHttpClient, createSessionStore } from '@careboard/web-client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../../i18n/en-US.ts';
import { esUS } from '../../../i18n/es-US.ts';
import { ConsoleRuntimeProvider } from '../../../runtime-config/ConsoleRuntimeProvider.tsx';
import { BoardEditor } from './BoardEditor.tsx';

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

const board: DisplayBoardConfig = {
  id: 5,
  name: 'Pre-op flow',
  display_board_type_id: 1,
  workflow_ids: [],
  phase_ids: [],
  page_rotation_sec: 15,
  table_configuration: null,
  department: { id: 2, name: 'Surgery', site: { id: 1, name: 'Main', default_timezone: 'America/New_York' } },
  show_badge: true,
  show_display_name: true,
  show_estimated_duration: true,
  show_avg_duration: true,
  show_expected: false,
  play_tone: false,
  play_announcement: false,
  announcement_template: null,
  announcement_voice: 'female',
  announcement_rate: 0.85,
  location_ids: [],
  display_style_id: 1,
};

/** The editor against a stubbed API: records each request and answers the board as sent back. */
function renderEditor(shown: DisplayBoardConfig, locale = DEFAULT_LOCALE) {
  const requests: { method: string; url: string; body: Record<string, unknown> }[] = [];
  const runtime = {
    config,
    customer: { id: 'acme', auth_org_id: 'org_acme', auth_device_client_id: null, locale: null },
    locale,
    messages: locale === 'es-US' ? esUS : enUS,
    session: createSessionStore(),
    http: createHttpClient({
      bases: config,
      getAccessToken: () => 'token',
      readCookies: () => '',
      fetch: async (input, init) => {
        const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
        requests.push({ method: init?.method ?? 'GET', url: String(input), body });
        return new Response(JSON.stringify({ ...shown, ...body }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    }),
  };
  render(
    <ConsoleRuntimeProvider runtime={runtime}>
      <MemoryRouter>
        <BoardEditor
          board={shown}
          departments={[{ id: 2, name: 'Surgery', site_id: 1 }]}
          workflows={[]}
          locations={[]}
        />
      </MemoryRouter>
    </ConsoleRuntimeProvider>,
  );
  return requests;
}

// The whole editor with MUI renders in seconds on a busy two-core machine: a wait, not a speed assertion.
describe('the board editor’s expected patients switch (BRD-23)', { timeout: 20_000 }, () => {
  it('turns a workflow board’s show_expected on and saves it with the board', async () => {
    const requests = renderEditor(board);
    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Show expected patients' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    expect(toggle.checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      method: 'PATCH',
      url: 'https://careboard.example.test/api/display-boards/5',
      body: { show_expected: true },
    });
  });

  it('shows a board that has it on as on, and in Spanish by its own words', () => {
    renderEditor({ ...board, show_expected: true }, 'es-US');
    const toggle = screen.getByRole('switch', { name: 'Mostrar pacientes esperados' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
  });

  it('is not offered on the other board types, which never show expected patients', () => {
    for (const type of [2, 3, 4] as const) {
      renderEditor({ ...board, id: 10 + type, display_board_type_id: type });
      expect(screen.queryByRole('switch', { name: 'Show expected patients' })).toBeNull();
      cleanup();
    }
  });
});
