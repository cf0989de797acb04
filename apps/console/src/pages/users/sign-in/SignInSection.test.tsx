import type {
  CreatedScimToken,
  Page,
  ScimToken,
  SignInConnection,
  SignInSettings,
  SignInTest,
  User,
} from '@careboard/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testIdentity, testRuntime } from '../../../app/test-harness.tsx';
import { ConsoleIdentityContext } from '../../../auth/console-identity.ts';
import { ConsoleRuntimeProvider } from '../../../runtime-config/ConsoleRuntimeProvider.tsx';
import { SignInSection } from './SignInSection.tsx';

type Send = (method: string, path: string, body: unknown) => Promise<unknown>;

const page = <T,>(items: T[]): Page<T> => ({ items, total: items.length, limit: 200, offset: 0 });
const at = '2026-03-02T12:00:00.000Z';

const contoso: SignInConnection = {
  id: 'c1',
  kind: 'oidc',
  name: 'Contoso Entra',
  domains: ['contoso.org'],
  enabled: true,
  role_rules: [{ group: 'CB-Admins', role: 'admin' }],
  default_role: 'staff',
  created_at: at,
  updated_at: at,
  issuer: 'https://login.example.test/contoso/v2.0',
  client_id: 'client-1',
  token_endpoint_auth_method: 'client_secret_basic',
  client_secret_set: true,
  scopes: ['openid', 'email', 'profile'],
  subject_claim: 'oid',
  email_claim: 'email',
  name_claim: 'name',
  groups_claim: 'groups',
  groups_overage: 'use_roles',
  roles_claim: 'roles',
  acr_values: [],
  redirect_uri: 'https://careboard.example.test/federation/c1/callback',
  jwks_uri: 'https://careboard.example.test/federation/jwks',
};

const fabrikam: SignInConnection = {
  id: 'c2',
  kind: 'saml',
  name: 'Fabrikam ADFS',
  domains: ['fabrikam.org'],
  enabled: false,
  role_rules: [],
  default_role: null,
  created_at: at,
  updated_at: at,
  idp_metadata_url: 'https://adfs.fabrikam.test/metadata.xml',
  idp_entity_id: 'http://adfs.fabrikam.test/adfs/services/trust',
  idp_sso_url: 'https://adfs.fabrikam.test/adfs/ls/',
  idp_certificates: 2,
  email_attribute: 'email',
  name_attribute: 'name',
  groups_attribute: 'groups',
  sp_entity_id: 'https://careboard.example.test/saml/c2',
  acs_url: 'https://careboard.example.test/saml/c2/acs',
  sp_metadata_url: 'https://careboard.example.test/saml/c2/metadata',
};

const users = page<User>([
  { id: 'u2', email: 'sam@acme.test', name: 'Sam Staff', role: 'staff', disabled: false, created_at: at },
  { id: 'u1', email: 'ada@acme.test', name: 'Ada Admin', role: 'admin', disabled: false, created_at: at },
]);

/** The tab against faked REST: reads from `reads` by path (changeable by a test), writes by `send`. */
function renderTab({
  send = vi.fn<Send>(),
  reads = {},
}: {
  send?: ReturnType<typeof vi.fn<Send>>;
  reads?: Record<string, unknown>;
} = {}) {
  const runtime = testRuntime();
  const answers: Record<string, unknown> = {
    'sign-in-connections?limit=200': page([contoso, fabrikam]),
    'sign-in-settings': { password_sign_in: 'everyone', break_glass_user_ids: [] } satisfies SignInSettings,
    'users?limit=200': users,
    'scim-tokens?limit=200': page<ScimToken>([]),
    ...reads,
  };
  const getJson = vi.fn(async (path: string) => {
    if (!(path in answers)) throw new Error(`no fake answer for GET ${path}`);
    return answers[path];
  });
  render(
    <ConsoleRuntimeProvider runtime={{ ...runtime, http: { ...runtime.http, getJson, sendJson: send } }}>
      <ConsoleIdentityContext value={testIdentity()}>
        <SignInSection />
      </ConsoleIdentityContext>
    </ConsoleRuntimeProvider>,
  );
  return { answers, getJson, send };
}

async function choose(user: UserEvent, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The body of the one write sent to `method path`. */
function sentBody(send: ReturnType<typeof vi.fn<Send>>, method: string, path: string) {
  const calls = send.mock.calls.filter(([m, p]) => m === method && p === path);
  expect(calls).toHaveLength(1);
  return calls[0]?.[2];
}

// A file's first render imports MUI's dialog, select and table pieces: on a busy 2-core machine
// that alone can take seconds, past the default 5 s a test may run. A wait, not a speed assertion.
const SLOW_FIRST_RENDER = { timeout: 30_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the connection form', SLOW_FIRST_RENDER, () => {
  it('sends a new OpenID Connect connection with its secret, the rules in their order and the default role', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(async (_method, _path, body) => ({ ...contoso, ...(body as object), id: 'c3' }));
    renderTab({ send });
    await user.click(await screen.findByRole('button', { name: 'Add a sign-in connection' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a sign-in connection' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Northwind Okta');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Email domains' }),
      'Northwind.org, @nw-clinic.org',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Issuer' }), 'https://northwind.okta.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'Client ID' }), '0oa1');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Client secret is required value.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Client secret'), 's3cret value ');
    await user.click(within(dialog).getByRole('button', { name: 'Add a rule' }));
    await user.type(
      within(within(dialog).getByRole('group', { name: 'Rule 1' })).getByRole('textbox', { name: 'Group' }),
      'Careboard Admins',
    );
    await choose(user, within(dialog).getByRole('group', { name: 'Rule 1' }), 'Role', 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Add a rule' }));
    await user.type(
      within(within(dialog).getByRole('group', { name: 'Rule 2' })).getByRole('textbox', { name: 'Group' }),
      'Nurses',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move rule 2 up' }));
    expect(screen.getByText('The rule is now number 1 of 2.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Move rule 1 down' }));
    await choose(user, dialog, 'When no rule matches', 'Visitor');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(send, 'POST', 'sign-in-connections')).toEqual({
      kind: 'oidc',
      name: 'Northwind Okta',
      domains: ['northwind.org', 'nw-clinic.org'],
      enabled: false,
      role_rules: [
        { group: 'Nurses', role: 'staff' },
        { group: 'Careboard Admins', role: 'admin' },
      ],
      default_role: 'visitor',
      issuer: 'https://northwind.okta.test',
      client_id: '0oa1',
      client_secret: 's3cret value ',
      token_endpoint_auth_method: 'client_secret_basic',
      scopes: ['openid', 'email', 'profile'],
      subject_claim: 'sub',
      email_claim: 'email',
      name_claim: 'name',
      groups_claim: 'groups',
      groups_overage: 'refuse',
      roles_claim: 'roles',
      acr_values: [],
    });
    expect(screen.getByText('Northwind Okta is saved.')).toBeTruthy();
  });

  it('edits an OpenID Connect connection without its stored secret unless one is typed, and never names the kind', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(async () => contoso);
    renderTab({ send });
    const region = await screen.findByRole('region', { name: 'Contoso Entra' });
    await user.click(within(region).getByRole('button', { name: 'Edit Contoso Entra' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Contoso Entra' });
    expect(
      within(dialog).getByText('A secret is stored: leave this blank to keep it, or type a new one.'),
    ).toBeTruthy();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Required ACR values (optional)' }),
      'mfa  phr',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(send, 'PATCH', 'sign-in-connections/c1')).toEqual({
      name: 'Contoso Entra',
      domains: ['contoso.org'],
      enabled: true,
      role_rules: [{ group: 'CB-Admins', role: 'admin' }],
      default_role: 'staff',
      issuer: 'https://login.example.test/contoso/v2.0',
      client_id: 'client-1',
      token_endpoint_auth_method: 'client_secret_basic',
      scopes: ['openid', 'email', 'profile'],
      subject_claim: 'oid',
      email_claim: 'email',
      name_claim: 'name',
      groups_claim: 'groups',
      groups_overage: 'use_roles',
      roles_claim: 'roles',
      acr_values: ['mfa', 'phr'],
    });
  });

  it('sends a new SAML connection with its metadata URL and attributes only, and an edit keeps the URL it read', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(async () => fabrikam);
    renderTab({ send });
    await user.click(await screen.findByRole('button', { name: 'Add a sign-in connection' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a sign-in connection' });
    await choose(user, dialog, 'Kind', 'SAML 2.0');
    expect(within(dialog).queryByRole('textbox', { name: 'Issuer' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Litware Shibboleth');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email domains' }), 'litware.edu');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Metadata URL' }),
      'https://idp.litware.test/metadata',
    );
    await user.clear(within(dialog).getByRole('textbox', { name: 'Groups attribute' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Groups attribute' }),
      'eduPersonAffiliation',
    );
    await user.click(within(dialog).getByRole('switch', { name: 'On (its domains sign in here)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(send, 'POST', 'sign-in-connections')).toEqual({
      kind: 'saml',
      name: 'Litware Shibboleth',
      domains: ['litware.edu'],
      enabled: true,
      role_rules: [],
      default_role: null,
      idp_metadata_url: 'https://idp.litware.test/metadata',
      email_attribute: 'email',
      name_attribute: 'name',
      groups_attribute: 'eduPersonAffiliation',
    });

    const region = screen.getByRole('region', { name: 'Fabrikam ADFS' });
    await user.click(within(region).getByRole('button', { name: 'Edit Fabrikam ADFS' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Fabrikam ADFS' });
    await user.type(within(edit).getByRole('textbox', { name: 'Email domains' }), ' fabrikam.com');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(send, 'PATCH', 'sign-in-connections/c2')).toEqual({
      name: 'Fabrikam ADFS',
      domains: ['fabrikam.org', 'fabrikam.com'],
      enabled: false,
      role_rules: [],
      default_role: null,
      email_attribute: 'email',
      name_attribute: 'name',
      groups_attribute: 'groups',
    });
  });
});

describe('a connection', SLOW_FIRST_RENDER, () => {
  it('shows what to give the IdP admin with copy buttons, and Test sign-in opens the test in a new window', async () => {
    const user = userEvent.setup();
    const opened: SignInTest = { url: 'https://careboard.example.test/federation/test/t-1', expires_at: at };
    const send = vi.fn<Send>(async () => opened);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderTab({ send });
    const region = await screen.findByRole('region', { name: 'Contoso Entra' });
    await user.click(within(region).getByRole('button', { name: 'Copy Redirect URI of Contoso Entra' }));
    expect(await navigator.clipboard.readText()).toBe(
      'https://careboard.example.test/federation/c1/callback',
    );
    expect(within(region).getByRole('status').textContent).toBe('Redirect URI is copied.');
    const saml = screen.getByRole('region', { name: 'Fabrikam ADFS' });
    expect(within(saml).getByRole('button', { name: 'Copy ACS URL of Fabrikam ADFS' })).toBeTruthy();
    expect(within(saml).getByText('https://careboard.example.test/saml/c2/metadata')).toBeTruthy();

    expect(open).not.toHaveBeenCalled();
    await user.click(within(region).getByRole('button', { name: 'Test sign-in with Contoso Entra' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(send.mock.calls).toEqual([['POST', 'sign-in-connections/c1/test', {}]]);
    expect(open).toHaveBeenCalledWith(
      'https://careboard.example.test/federation/test/t-1',
      '_blank',
      'noopener',
    );
    expect(within(region).getByRole('status').textContent).toMatch(
      /^The test sign-in opened in a new window/,
    );
    expect(
      within(region).getByRole('link', { name: 'No window? Open the test sign-in' }).getAttribute('href'),
    ).toBe(opened.url);
  });
});

describe('password sign-in', SLOW_FIRST_RENDER, () => {
  it('refuses "only break-glass accounts" with none chosen, saying why, and saves once one is', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(async () => null);
    renderTab({ send });
    const region = await screen.findByRole('region', { name: 'Password sign-in' });
    await user.click(
      within(region).getByRole('radio', { name: 'Only the break-glass accounts chosen below' }),
    );
    await user.click(within(region).getByRole('button', { name: 'Save password sign-in' }));
    const refusal = within(region).getByRole('alert');
    expect(refusal.textContent).toBe(
      "Choose at least one break-glass account: with none, nobody could sign in with a password, and the console would be locked whenever the hospital's provider is down.",
    );
    expect(send).not.toHaveBeenCalled();
    const accounts = within(region).getByRole('combobox', { name: 'Break-glass accounts' });
    expect(document.activeElement).toBe(accounts);

    await user.click(accounts);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Ada Admin (ada@acme.test), Admin',
      'Sam Staff (sam@acme.test), Staff',
    ]);
    await user.click(screen.getByRole('option', { name: 'Ada Admin (ada@acme.test), Admin' }));
    await user.keyboard('{Escape}');
    await user.click(within(region).getByRole('button', { name: 'Save password sign-in' }));
    expect(await within(region).findByText('Password sign-in is saved.')).toBeTruthy();
    expect(send.mock.calls).toEqual([
      ['PUT', 'sign-in-settings', { password_sign_in: 'break_glass_only', break_glass_user_ids: ['u1'] }],
    ]);
    expect(within(region).queryByRole('alert')).toBeNull();
  });
});

describe('SCIM tokens', SLOW_FIRST_RENDER, () => {
  it('makes a token for a connection and shows it once, with the base URL and copy buttons', async () => {
    const user = userEvent.setup();
    const made: CreatedScimToken = {
      id: 's1',
      name: 'Entra provisioning',
      connection_id: 'c2',
      created_at: at,
      last_used_at: null,
      token: 'scim_7f3a9c1e5b',
      base_url: 'https://careboard.example.test/scim/v2',
    };
    const { answers, send } = renderTab({
      send: vi.fn<Send>(async () => {
        answers['scim-tokens?limit=200'] = page<ScimToken>([
          { id: 's1', name: made.name, connection_id: 'c2', created_at: at, last_used_at: null },
        ]);
        return made;
      }),
    });
    const region = await screen.findByRole('region', { name: 'SCIM tokens' });
    expect(await within(region).findByText('No SCIM token yet.')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Make the token' }));
    expect(within(region).getByText('Name is required value.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await user.type(within(region).getByRole('textbox', { name: 'Name' }), 'Entra provisioning');
    await choose(user, region, 'Connection', 'Fabrikam ADFS');
    await user.click(within(region).getByRole('button', { name: 'Make the token' }));
    const shown = await screen.findByRole('dialog', { name: 'The new SCIM token Entra provisioning' });
    expect(send.mock.calls).toEqual([
      ['POST', 'scim-tokens', { name: 'Entra provisioning', connection_id: 'c2' }],
    ]);
    expect(within(shown).getByText('scim_7f3a9c1e5b')).toBeTruthy();
    expect(within(shown).getByText('https://careboard.example.test/scim/v2')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Copy Token of Entra provisioning' }));
    expect(await navigator.clipboard.readText()).toBe('scim_7f3a9c1e5b');
    expect(within(shown).getByRole('status').textContent).toBe('Token is copied.');
    await user.click(within(shown).getByRole('button', { name: 'Copy SCIM base URL of Entra provisioning' }));
    expect(await navigator.clipboard.readText()).toBe('https://careboard.example.test/scim/v2');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await within(region).findByRole('row', { name: /^Entra provisioning/ });
    expect(within(row).getByText('Fabrikam ADFS')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Revoke Entra provisioning' })).toBeTruthy();
    expect(screen.queryByText('scim_7f3a9c1e5b')).toBeNull();
  });
});
