import { standardFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../src/services/tenants/create-customer.ts';
import { findAccountByEmail } from '../src/store/accounts.ts';
import { type Db, openDatabase } from '../src/store/database.ts';
import { apiClient } from './api-client.ts';
import { BrowserSession, formIn } from './browser-session.ts';
import { DEMO_PASSWORD, discover } from './identity-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const ADMIN_SCOPE = 'read:* write:* update:customer*';
type Api = Awaited<ReturnType<typeof apiClient>>;

let server: TestServer;
let db: Db;
let admin: Api;
let bravoAdmin: Api;
let staff: Api;

const oidcConnection = (overrides: Record<string, unknown> = {}) => ({
  kind: 'oidc',
  name: 'Demo Entra ID',
  domains: ['demo-hospital.example'],
  role_rules: [
    { group: 'careboard-admins', role: 'admin' },
    { group: 'careboard-staff', role: 'staff' },
  ],
  default_role: null,
  // Nothing listens here: discovery fails, which the start page must say plainly.
  issuer: 'http://127.0.0.1:9/realms/demo',
  client_id: 'careboard',
  client_secret: 'a-client-secret-never-returned',
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer({ env: { CAREBOARD_SIMULATOR_RATE: '0' } });
  db = openDatabase(server.databaseUrl, 2);
  const bravo = await createCustomer(db, {
    id: 'bravo',
    name: 'Bravo Hospital',
    admin_email: 'chief@bravo.test',
    admin_password: 'bravo-password-1',
  });
  const adminId = (await findAccountByEmail(db, 'admin@demo.test'))?.id ?? '';
  const staffId = (await findAccountByEmail(db, 'staff@demo.test'))?.id ?? '';
  admin = await apiClient(
    server,
    await accessToken(server, { sub: adminId, scope: ADMIN_SCOPE, org_id: 'org_demo' }),
  );
  staff = await apiClient(
    server,
    await accessToken(server, { sub: staffId, scope: 'read:* write:*', org_id: 'org_demo' }),
  );
  bravoAdmin = await apiClient(
    server,
    await accessToken(server, { sub: bravo.admin.id, scope: ADMIN_SCOPE, org_id: 'org_bravo' }),
  );
});
afterAll(async () => {
  await db?.destroy();
  await server?.close();
});

/** A board's sign-in with the standard flow, up to the embedded provider's first page. */
async function openSignIn(organization: string) {
  const config = await discover(server, server.config.identity.webClientId);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${server.baseUrl}/auth/callback`,
    scope: standardFlowScopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
    state: oidc.randomState(),
    organization,
    audience: server.config.identity.audience,
  });
  const browser = new BrowserSession();
  const page = await browser.follow(url.toString());
  return { browser, page };
}

describe('REST /sign-in-connections', () => {
  let id = '';

  it('makes an OIDC connection and answers the values for the IdP admin, never the secret', async () => {
    const made = await admin('POST', '/sign-in-connections', oidcConnection());
    expect(made.status).toBe(201);
    const record = made.body as Record<string, unknown>;
    id = String(record.id);
    expect(record).toMatchObject({
      kind: 'oidc',
      domains: ['demo-hospital.example'],
      client_secret_set: true,
      token_endpoint_auth_method: 'client_secret_basic',
      scopes: ['openid', 'email', 'profile'],
      subject_claim: 'sub',
      groups_overage: 'refuse',
      redirect_uri: `${server.baseUrl}/sign-in/connections/${id}/oidc/callback`,
    });
    expect(JSON.stringify(made.body)).not.toContain('a-client-secret-never-returned');
    const listed = await admin('GET', '/sign-in-connections');
    expect(JSON.stringify(listed.body)).not.toContain('a-client-secret-never-returned');
    expect((listed.body as { items: unknown[] }).items).toHaveLength(1);
  });

  it("never shows, changes or deletes another customer's connection, and a domain serves one connection only", async () => {
    expect((await bravoAdmin('GET', `/sign-in-connections/${id}`)).status).toBe(404);
    expect((await bravoAdmin('PATCH', `/sign-in-connections/${id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await bravoAdmin('DELETE', `/sign-in-connections/${id}`)).status).toBe(404);
    expect(((await bravoAdmin('GET', '/sign-in-connections')).body as { items: unknown[] }).items).toEqual(
      [],
    );
    const taken = await bravoAdmin(
      'POST',
      '/sign-in-connections',
      oidcConnection({ domains: ['Demo-Hospital.example'] }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'DUPLICATE_KEY',
      params: { field: 'domains', value: 'demo-hospital.example' },
    });
  });

  it("is an admin's: staff get 403", async () => {
    expect((await staff('GET', '/sign-in-connections')).status).toBe(403);
    expect(
      (await staff('POST', '/sign-in-connections', oidcConnection({ domains: ['x.example'] }))).status,
    ).toBe(403);
  });

  it('refuses a field of the other kind, an issuer over plain http elsewhere than this machine, and unreadable SAML metadata', async () => {
    const foreign = await admin('PATCH', `/sign-in-connections/${id}`, { email_attribute: 'mail' });
    expect(foreign.body).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'email_attribute' } });
    const plain = await admin('PATCH', `/sign-in-connections/${id}`, { issuer: 'http://idp.example/' });
    expect(plain.body).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'issuer' } });
    const saml = await admin('POST', '/sign-in-connections', {
      kind: 'saml',
      name: 'ADFS',
      domains: ['adfs.example'],
      role_rules: [],
      default_role: 'staff',
      idp_metadata_xml: '<html>not metadata</html>',
    });
    expect(saml.status).toBe(400);
    expect(saml.body).toMatchObject({ code: 'IDP_METADATA_NOT_VALID' });
  });

  it('changes the secret only when one is sent, and keeps it write-only', async () => {
    const renamed = await admin('PATCH', `/sign-in-connections/${id}`, {
      name: 'Entra ID',
      default_role: 'visitor',
    });
    expect(renamed.body).toMatchObject({
      name: 'Entra ID',
      default_role: 'visitor',
      client_secret_set: true,
    });
    const row = await db
      .selectFrom('sign_in_connections')
      .select('client_secret')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.client_secret).toBe('a-client-secret-never-returned');
  });
});

describe('the sign-in page with a connection (email first, home-realm discovery)', () => {
  it("asks for the email first for a customer with a connection, and the password for another customer's board", async () => {
    const demo = await openSignIn('org_demo');
    expect(demo.page.html).toContain('action="/interaction/');
    expect(demo.page.html).not.toContain('name="password"');
    expect(demo.page.html).toContain('Continue');
    const bravo = await openSignIn('org_bravo');
    expect(bravo.page.html).toContain('name="password"');
  });

  it("sends an email of the connection's domain to its provider, and says so plainly when the provider cannot be reached", async () => {
    const { browser, page } = await openSignIn('org_demo');
    const form = formIn(page.html);
    const sent = await browser.request(new URL(form.action, page.url).toString(), {
      method: 'POST',
      body: new URLSearchParams({ email: 'nurse@DEMO-HOSPITAL.example' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sent.status).toBe(200);
    const refresh = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(await sent.text())?.[1] ?? '';
    const start = new URL(refresh.replaceAll('&amp;', '&'), server.baseUrl);
    expect(start.pathname).toMatch(/^\/sign-in\/connections\/[0-9a-f-]{36}\/start$/);
    const started = await browser.request(start.toString());
    expect(started.status).toBe(502);
    expect(await started.text()).toContain('sign-in could not be reached.');
    // The request was started once: its address does not start another.
    expect((await browser.request(start.toString())).status).toBe(400);
  });

  it("never hands a board of another customer to this customer's connection", async () => {
    // Bravo's board: the demo customer's domain is not Bravo's, so the password follows.
    const { browser, page } = await openSignIn('org_bravo');
    const asked = await browser.submit(page.url, formIn(page.html), {
      email: 'nurse@demo-hospital.example',
      password: 'whatever-was-typed',
    });
    expect(asked.response.status).toBe(401);
    expect(asked.html).toContain('The email or password is not right.');
  });

  it('goes on to the password for a domain no connection serves', async () => {
    const { browser, page } = await openSignIn('org_demo');
    const next = await browser.submit(page.url, formIn(page.html), { email: 'admin@demo.test' });
    expect(next.html).toContain('name="password"');
    expect(next.html).toContain('value="admin@demo.test"');
  });
});

describe('break-glass: password sign-in for named accounts only', () => {
  async function passwordSignIn(email: string, password: string) {
    const { browser, page } = await openSignIn('org_demo');
    const passwordPage = await browser.submit(page.url, formIn(page.html), { email });
    return browser.submit(
      passwordPage.url,
      formIn(passwordPage.html),
      { email, password },
      `${server.baseUrl}/auth/callback`,
    );
  }

  it('refuses to turn passwords off without an enabled admin with a password among the break-glass accounts', async () => {
    const staffId = (await findAccountByEmail(db, 'staff@demo.test'))?.id ?? '';
    const none = await admin('PUT', '/sign-in-settings', {
      password_sign_in: 'break_glass_only',
      break_glass_user_ids: [],
    });
    expect(none.body).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'break_glass_user_ids' } });
    const onlyStaff = await admin('PUT', '/sign-in-settings', {
      password_sign_in: 'break_glass_only',
      break_glass_user_ids: [staffId],
    });
    expect(onlyStaff.status).toBe(400);
    const bravoAccount = (await findAccountByEmail(db, 'chief@bravo.test'))?.id ?? '';
    const another = await admin('PUT', '/sign-in-settings', {
      password_sign_in: 'break_glass_only',
      break_glass_user_ids: [bravoAccount],
    });
    expect(another.status).toBe(400);
  });

  it("refuses a non-break-glass person's password and lets the break-glass admin in", async () => {
    const adminId = (await findAccountByEmail(db, 'admin@demo.test'))?.id ?? '';
    const saved = await admin('PUT', '/sign-in-settings', {
      password_sign_in: 'break_glass_only',
      break_glass_user_ids: [adminId],
    });
    expect(saved.body).toEqual({ password_sign_in: 'break_glass_only', break_glass_user_ids: [adminId] });
    const refused = await passwordSignIn('staff@demo.test', DEMO_PASSWORD);
    expect(refused.response.status).toBe(403);
    expect(refused.html).toContain('Password sign-in is turned off for your organization.');
    const breakGlass = await passwordSignIn('admin@demo.test', DEMO_PASSWORD);
    expect(breakGlass.url).toContain(`${server.baseUrl}/auth/callback?code=`);
    // Bravo's passwords are Bravo's setting: untouched.
    expect(
      ((await bravoAdmin('GET', '/sign-in-settings')).body as Record<string, unknown>).password_sign_in,
    ).toBe('everyone');
    await admin('PUT', '/sign-in-settings', {
      password_sign_in: 'everyone',
      break_glass_user_ids: [adminId],
    });
    expect((await passwordSignIn('staff@demo.test', DEMO_PASSWORD)).url).toContain('/auth/callback?code=');
  });
});

describe('deleting a connection', () => {
  it('disables the accounts it made and frees its domains', async () => {
    const made = await admin(
      'POST',
      '/sign-in-connections',
      oidcConnection({ domains: ['leaving.example'], name: 'Old IdP' }),
    );
    const id = String((made.body as { id: string }).id);
    const customer = await db
      .selectFrom('customers')
      .select('id')
      .where('auth_org_id', '=', 'org_demo')
      .executeTakeFirstOrThrow();
    const account = await db
      .insertInto('accounts')
      .values({
        customer_id: customer.id,
        email: 'leaver@leaving.example',
        name: 'Leaver',
        role: 'staff',
        password_hash: '',
        connection_id: id,
        external_subject: 'subject-1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await admin('DELETE', `/sign-in-connections/${id}`)).status).toBe(204);
    const after = await db
      .selectFrom('accounts')
      .select(['disabled_at', 'disabled_by'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(after.disabled_by).toBe('connection');
    expect(after.disabled_at).not.toBeNull();
    expect((await admin('GET', `/sign-in-connections/${id}`)).status).toBe(404);
    const again = await bravoAdmin(
      'POST',
      '/sign-in-connections',
      oidcConnection({ domains: ['leaving.example'] }),
    );
    expect(again.status).toBe(201);
  });
});
