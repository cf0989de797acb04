import { standardFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../apps/server/src/services/tenants/create-customer.ts';
import { openDatabase } from '../apps/server/src/store/database.ts';
import { apiClient } from '../apps/server/test/api-client.ts';
import { decodePayload, discover } from '../apps/server/test/identity-helpers.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { accessToken } from '../apps/server/test/test-tokens.ts';
import { launchBrowser, screenshot } from './browser.ts';
import { DEMO_ADMIN } from './console-session.ts';
import { startE2eServer } from './e2e-server.ts';
import { type Glewlwyd, startGlewlwyd } from './idp/glewlwyd.ts';
import { type SimpleSaml, startSimpleSaml } from './idp/simplesamlphp.ts';
import { query } from './sql.ts';

/**
 * Sign-in through the hospital's own providers (decisions IDN-23 to IDN-29, IDN-33): Debian's
 * glewlwyd (OpenID Connect) and SimpleSAMLphp (SAML 2.0), started here, in Chromium.
 */

const ADMIN_SCOPE = 'read:* write:* update:customer*';
const PASSWORD = 'idp-password-1';
const ROLE_RULES = [
  { group: 'careboard-admins', role: 'admin' },
  { group: 'careboard-staff', role: 'staff' },
];

let server: TestServer;
let browser: Browser;
let glewlwyd: Glewlwyd;
let saml: SimpleSaml;
let admin: Awaited<ReturnType<typeof apiClient>>;
let bravoAdmin: Awaited<ReturnType<typeof apiClient>>;
const connections: Record<'oidc' | 'saml' | 'bravo', string> = { oidc: '', saml: '', bravo: '' };

interface Provider {
  readonly kind: 'oidc' | 'saml';
  readonly domain: string;
  signIn(page: Page, username: string): Promise<void>;
  setGroups(username: string, groups: readonly string[]): Promise<void>;
}

const providers: Record<'oidc' | 'saml', Provider> = {
  oidc: {
    kind: 'oidc',
    domain: 'oidc-hospital.example',
    signIn: (page, username) => glewlwyd.signIn(page, username, PASSWORD),
    setGroups: (username, groups) => glewlwyd.setGroups(username, groups),
  },
  saml: {
    kind: 'saml',
    domain: 'saml-hospital.example',
    signIn: (page, username) => saml.signIn(page, username, PASSWORD),
    setGroups: (username, groups) => saml.setGroups(username, groups),
  },
};

const person = (username: string, domain: string, groups: readonly string[]) => ({
  username,
  password: PASSWORD,
  email: `${username}@${domain}`,
  name: `${username[0]?.toUpperCase()}${username.slice(1)} Federated`,
  groups,
});

beforeAll(async () => {
  server = await startE2eServer({ CAREBOARD_SIMULATOR_RATE: '0' });
  const db = openDatabase(server.databaseUrl, 1);
  const bravo = await createCustomer(db, {
    id: 'bravo',
    name: 'Bravo Hospital',
    admin_email: 'chief@bravo.test',
    admin_password: 'bravo-password-1',
  });
  await db.destroy();
  const [demoAdmin] = await query<{ id: string }>(
    server,
    "SELECT id FROM accounts WHERE email = 'admin@demo.test'",
  );
  admin = await apiClient(
    server,
    await accessToken(server, { sub: demoAdmin?.id ?? '', scope: ADMIN_SCOPE, org_id: 'org_demo' }),
  );
  bravoAdmin = await apiClient(
    server,
    await accessToken(server, { sub: bravo.admin.id, scope: ADMIN_SCOPE, org_id: 'org_bravo' }),
  );

  // OIDC: the connection first (its id is in the redirect URI), then the provider that knows it.
  const placeholder = 'http://127.0.0.1:9/';
  const makeOidc = async (api: typeof admin, domain: string, name: string) => {
    const made = await api('POST', '/sign-in-connections', {
      kind: 'oidc',
      name,
      domains: [domain],
      role_rules: ROLE_RULES,
      default_role: null,
      issuer: placeholder,
      client_id: 'careboard',
      client_secret: 'placeholder',
    });
    expect(made.status).toBe(201);
    return made.body as { id: string; redirect_uri: string };
  };
  const demoOidc = await makeOidc(admin, providers.oidc.domain, 'Hospital Entra ID');
  const bravoOidc = await makeOidc(bravoAdmin, 'bravo-hospital.example', 'Bravo Okta');
  connections.oidc = demoOidc.id;
  connections.bravo = bravoOidc.id;
  const [idp, idpSaml, launched] = await Promise.all([
    startGlewlwyd({
      redirectUris: [demoOidc.redirect_uri, bravoOidc.redirect_uri],
      users: [
        person('alice', providers.oidc.domain, ['careboard-admins', 'careboard-staff']),
        person('bob', providers.oidc.domain, ['cleaning']),
        person('eve', 'bravo-hospital.example', ['careboard-admins']),
      ],
    }),
    startSimpleSaml({
      serviceProviders: [],
      users: [
        person('carol', providers.saml.domain, ['careboard-admins', 'careboard-staff']),
        person('dave', providers.saml.domain, ['cleaning']),
      ],
    }),
    launchBrowser(),
  ]);
  glewlwyd = idp;
  saml = idpSaml;
  browser = launched;
  for (const id of [demoOidc.id, bravoOidc.id]) {
    const api = id === bravoOidc.id ? bravoAdmin : admin;
    const patched = await api('PATCH', `/sign-in-connections/${id}`, {
      issuer: glewlwyd.issuer,
      client_id: glewlwyd.clientId,
      client_secret: glewlwyd.clientSecret,
    });
    expect(patched.status).toBe(200);
  }
  const madeSaml = await admin('POST', '/sign-in-connections', {
    kind: 'saml',
    name: 'Hospital AD FS',
    domains: [providers.saml.domain],
    role_rules: ROLE_RULES,
    default_role: null,
    idp_metadata_url: saml.metadataUrl,
  });
  expect(madeSaml.status).toBe(201);
  const samlRecord = madeSaml.body as { id: string; sp_entity_id: string; acs_url: string };
  connections.saml = samlRecord.id;
  await saml.addServiceProvider({ entityId: samlRecord.sp_entity_id, acsUrl: samlRecord.acs_url });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([glewlwyd?.stop(), saml?.stop()]);
  await server?.close();
});

/** Continue on the email page, and wait until the browser has left for the provider's. */
async function continueToProvider(page: Page): Promise<void> {
  const ours = new URL(server.baseUrl).origin;
  await Promise.all([
    page.waitForURL((url) => url.origin !== ours, { waitUntil: 'commit', timeout: 30_000 }),
    page.getByRole('button', { name: 'Continue' }).click(),
  ]);
}

/** The console in a fresh browser: the email first, the provider's page, back; answers the page. */
async function consoleSignIn(provider: Provider, username: string, shot: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/console`);
  await page.getByLabel('Email').fill(`${username}@${provider.domain}`, { timeout: 60_000 });
  await screenshot(page, `federated-${shot}-email-first`);
  await continueToProvider(page);
  await provider.signIn(page, username);
  await Promise.race([
    page.getByRole('navigation').first().waitFor({ timeout: 60_000 }),
    page.getByRole('heading', { name: 'No access to Careboard' }).waitFor({ timeout: 60_000 }),
  ]);
  await screenshot(page, `federated-${shot}-after`);
  return page;
}

/**
 * A board's sign-in (the standard flow the board app sends, naming its organization) through the
 * provider, the code exchanged here; answers the access token's claims.
 */
async function boardSignIn(provider: Provider, username: string, organization = 'org_demo') {
  const config = await discover(server, server.config.identity.webClientId);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const redirectUri = `${server.baseUrl}/auth/callback`;
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: standardFlowScopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    organization,
    audience: server.config.identity.audience,
  });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    let callback: string | undefined;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/auth/callback') callback = request.url();
    });
    await page.route('**/*.js', (route) =>
      new URL(route.request().url()).origin === server.baseUrl ? route.abort() : route.continue(),
    );
    await page.goto(url.toString());
    await page.getByLabel('Email').fill(`${username}@${provider.domain}`, { timeout: 60_000 });
    await continueToProvider(page);
    await provider.signIn(page, username);
    await page.waitForURL(`${redirectUri}**`, { timeout: 30_000 });
    if (!callback) throw new Error('The sign-in did not come back to the board.');
    const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    return decodePayload(tokens.access_token);
  } finally {
    await context.close();
  }
}

async function accountOf(connection: string, email: string) {
  return query<{
    id: string;
    role: string;
    name: string;
    external_subject: string;
    disabled_by: string | null;
  }>(
    server,
    'SELECT id, role, name, external_subject, disabled_by FROM accounts WHERE connection_id = $1 AND email = $2',
    [connection, email],
  );
}

for (const kind of ['oidc', 'saml'] as const) {
  const provider = () => providers[kind];
  const newcomer = kind === 'oidc' ? 'alice' : 'carol';
  const outsider = kind === 'oidc' ? 'bob' : 'dave';

  describe(`through ${kind === 'oidc' ? 'OpenID Connect (glewlwyd)' : 'SAML 2.0 (SimpleSAMLphp)'}`, () => {
    it('signs a person who never used Careboard in to the console as the role their groups map to, with one account', async () => {
      const page = await consoleSignIn(provider(), newcomer, `${kind}-admin`);
      await page.getByRole('link', { name: 'Users', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor({ timeout: 15_000 });
      await screenshot(page, `federated-${kind}-console-users`);
      const accounts = await accountOf(connections[kind], `${newcomer}@${provider().domain}`);
      expect(accounts).toHaveLength(1);
      expect(accounts[0]?.role).toBe('admin');
      expect(accounts[0]?.name).toBe(`${newcomer[0]?.toUpperCase()}${newcomer.slice(1)} Federated`);
      await page.context().close();
    });

    it('signs the same person in to a board, finding the same account', async () => {
      const claims = await boardSignIn(provider(), newcomer);
      expect(String(claims.scope).split(' ')).toContain('update:customer*');
      expect(claims.org_id).toBe('org_demo');
      expect(await accountOf(connections[kind], `${newcomer}@${provider().domain}`)).toHaveLength(1);
    });

    it('gives the lower role at the next sign-in when a group is removed at the provider', async () => {
      await provider().setGroups(newcomer, ['careboard-staff']);
      const claims = await boardSignIn(provider(), newcomer);
      const scopes = String(claims.scope).split(' ');
      expect(scopes).toContain('write:*');
      expect(scopes).not.toContain('update:customer*');
      expect((await accountOf(connections[kind], `${newcomer}@${provider().domain}`))[0]?.role).toBe('staff');
    });

    it('shows a person whose groups map to nothing the refusal page, and makes no account', async () => {
      const page = await consoleSignIn(provider(), outsider, `${kind}-refused`);
      await page.getByText('your account is in no group that gives access to Careboard').waitFor();
      expect(await page.getByRole('navigation').count()).toBe(0);
      expect(await accountOf(connections[kind], `${outsider}@${provider().domain}`)).toEqual([]);
      await page.context().close();
    });
  });
}

describe('one customer, one connection', () => {
  it("never signs a person in to customer A through customer B's connection", async () => {
    // The demo console does not offer Bravo's domain: the password follows, and no provider.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/console`);
    await page.getByLabel('Email').fill('eve@bravo-hospital.example', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password').waitFor();
    // Forced: a request of Bravo's connection for the demo console's sign-in is refused after the provider.
    const uid = /\/interaction\/([\w-]+)/.exec(page.url())?.[1] ?? '';
    expect(uid).not.toBe('');
    const requestId = 'forced-request-of-another-customer-0001';
    await query(
      server,
      "INSERT INTO sign_in_requests (id, connection_id, interaction_uid, expires_at) VALUES ($1, $2, $3, now() + interval '5 minutes')",
      [requestId, connections.bravo, uid],
    );
    await page.goto(`${server.baseUrl}/sign-in/connections/${connections.bravo}/start?request=${requestId}`);
    await glewlwyd.signIn(page, 'eve', PASSWORD);
    await page.getByRole('heading', { name: 'No access to Careboard' }).waitFor({ timeout: 30_000 });
    await page.getByText('This account belongs to another organization').waitFor();
    await screenshot(page, 'federated-other-customer-refused');
    expect(
      await query(server, 'SELECT id FROM accounts WHERE connection_id = $1', [connections.bravo]),
    ).toEqual([]);
    await context.close();
  });
});

describe('password sign-in off but for break-glass accounts', () => {
  it("refuses a non-break-glass person's password and lets the break-glass admin in", async () => {
    const [demoAdmin] = await query<{ id: string }>(
      server,
      "SELECT id FROM accounts WHERE email = 'admin@demo.test'",
    );
    const saved = await admin('PUT', '/sign-in-settings', {
      password_sign_in: 'break_glass_only',
      break_glass_user_ids: [demoAdmin?.id],
    });
    expect(saved.status).toBe(200);
    const passwordSignIn = async (email: string, password: string, shot: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/console`);
      await page.getByLabel('Email').fill(email, { timeout: 60_000 });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await Promise.race([
        page.getByRole('navigation').first().waitFor({ timeout: 60_000 }),
        page.getByRole('alert').waitFor({ timeout: 60_000 }),
      ]);
      await screenshot(page, shot);
      return page;
    };
    const refused = await passwordSignIn(
      'staff@demo.test',
      'careboard-demo',
      'federated-break-glass-refused',
    );
    await refused.getByText('Password sign-in is turned off for your organization.').waitFor();
    await refused.context().close();
    const breakGlass = await passwordSignIn(
      DEMO_ADMIN.email,
      DEMO_ADMIN.password,
      'federated-break-glass-admin',
    );
    await breakGlass.getByRole('link', { name: 'Users', exact: true }).waitFor();
    await breakGlass.context().close();
    await admin('PUT', '/sign-in-settings', {
      password_sign_in: 'everyone',
      break_glass_user_ids: [demoAdmin?.id],
    });
  });
});

describe('SAML answers used again', () => {
  it('refuses a replayed response, at its own request and at another one', async () => {
    const acsUrl = `${server.baseUrl}/sign-in/connections/${connections.saml}/saml/acs`;
    const context = await browser.newContext();
    const page = await context.newPage();
    let posted: string | undefined;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url() === acsUrl) posted = request.postData() ?? undefined;
    });
    await page.goto(`${server.baseUrl}/console`);
    await page.getByLabel('Email').fill(`carol@${providers.saml.domain}`, { timeout: 60_000 });
    await continueToProvider(page);
    await saml.signIn(page, 'carol', PASSWORD);
    await page.getByRole('navigation').first().waitFor({ timeout: 60_000 });
    await context.close();
    expect(posted).toContain('SAMLResponse=');
    const replay = (body: string) =>
      fetch(acsUrl, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const again = await replay(posted ?? '');
    expect(again.status).toBe(400);
    expect(await again.text()).toMatch(/expired or was already used/);

    // A new sign-in's RelayState with the old response: its InResponseTo is another request's.
    const second = await browser.newContext();
    const next = await second.newPage();
    let relayState: string | undefined;
    next.on('request', (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has('SAMLRequest')) relayState = url.searchParams.get('RelayState') ?? undefined;
    });
    await next.goto(`${server.baseUrl}/console`);
    await next.getByLabel('Email').fill(`carol@${providers.saml.domain}`, { timeout: 60_000 });
    await continueToProvider(next);
    expect(relayState).toBeTruthy();
    const old = new URLSearchParams(posted ?? '');
    const elsewhere = await replay(
      new URLSearchParams({
        SAMLResponse: old.get('SAMLResponse') ?? '',
        RelayState: relayState ?? '',
      }).toString(),
    );
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('could not be accepted');
    await second.close();
  });
});

describe("the console's Test sign-in", () => {
  it('shows what the provider sent and the role it maps to, and makes no account', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/console/users?tab=sign-in`);
    await page.getByLabel('Email').fill(DEMO_ADMIN.email, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const region = page.getByRole('region', { name: 'Hospital Entra ID' });
    await region.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      await screenshot(page, 'federated-console-sign-in-stuck');
      throw error;
    });
    await screenshot(page, 'federated-console-sign-in-tab');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      region.getByRole('button', { name: 'Test sign-in with Hospital Entra ID' }).click(),
    ]);
    await glewlwyd.signIn(popup, 'bob', PASSWORD);
    await popup.getByRole('heading', { name: 'Test sign-in' }).waitFor({ timeout: 30_000 });
    await popup.getByText('This person would be refused').waitFor();
    await popup.getByText('bob@oidc-hospital.example').first().waitFor();
    await screenshot(popup, 'federated-console-test-sign-in-result');
    expect(await accountOf(connections.oidc, 'bob@oidc-hospital.example')).toEqual([]);
    await context.close();
  });
});
