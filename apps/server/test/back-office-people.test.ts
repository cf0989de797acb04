import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../src/services/tenants/create-customer.ts';
import { findAccountByEmail } from '../src/store/accounts.ts';
import { type Db, openDatabase } from '../src/store/database.ts';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { DEMO_PASSWORD, discover, signInWithRedirect } from './identity-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

/** The scopes an admin's sign-in holds that these routes look at. */
const ADMIN_SCOPE = 'read:* write:* update:customer*';
const STAFF_SCOPE = 'read:* write:*';
type Api = Awaited<ReturnType<typeof apiClient>>;

let server: TestServer;
let db: Db;
let admin: Api;
let adminId: string;
let bravoAdminId: string;

const accountId = async (email: string) => (await findAccountByEmail(db, email))?.id ?? '';
const asAccount = async (sub: string, scope: string, org = 'org_demo') =>
  apiClient(server, await accessToken(server, { sub, scope, org_id: org }));
const errorOf = (answer: ApiAnswer) => ({ status: answer.status, body: answer.body });

beforeAll(async () => {
  server = await startTestServer({ env: { CAREBOARD_SIMULATOR_RATE: '0' } });
  db = openDatabase(server.databaseUrl, 2);
  // A second customer, made as the admin command makes one.
  const bravo = await createCustomer(db, {
    id: 'bravo',
    name: 'Bravo Hospital',
    admin_email: 'chief@bravo.test',
    admin_password: 'bravo-password-1',
  });
  bravoAdminId = bravo.admin.id;
  adminId = await accountId('admin@demo.test');
  admin = await asAccount(adminId, ADMIN_SCOPE);
});
afterAll(async () => {
  await db?.destroy();
  await server?.close();
});

describe('GET /users', () => {
  it("lists the customer's users by email, paged, without password hashes", async () => {
    const all = await admin('GET', '/users');
    expect(all.status).toBe(200);
    const page = all.body as { items: Record<string, unknown>[]; total: number };
    expect(page.items.map((user) => user.email)).toEqual([
      'admin@demo.test',
      'staff@demo.test',
      'visitor@demo.test',
    ]);
    expect(page.total).toBe(3);
    expect(Object.keys(page.items[0] ?? {}).sort()).toEqual([
      'created_at',
      'disabled',
      'email',
      'id',
      'name',
      'role',
    ]);
    expect(JSON.stringify(all.body)).not.toContain('scrypt');
    expect(await admin('GET', '/users?limit=1&offset=1')).toMatchObject({
      body: { total: 3, limit: 1, offset: 1, items: [{ email: 'staff@demo.test' }] },
    });
    expect(await admin('GET', '/users?role=visitor')).toMatchObject({
      body: { total: 1, items: [{ email: 'visitor@demo.test', role: 'visitor' }] },
    });
    expect(await admin('GET', '/users?disabled=true')).toMatchObject({ body: { total: 0, items: [] } });
    expect((await admin('GET', '/users?role=king')).status).toBe(400);
  });

  it("reads one user; another customer's user is not found", async () => {
    expect(await admin('GET', `/users/${adminId}`)).toMatchObject({
      status: 200,
      body: { id: adminId, email: 'admin@demo.test', role: 'admin', disabled: false },
    });
    expect(errorOf(await admin('GET', `/users/${bravoAdminId}`))).toEqual({
      status: 404,
      body: {
        code: 'ENTITY_NOT_FOUND',
        params: { entity: 'User', id: bravoAdminId },
        message: `User with id ${bravoAdminId} was not found.`,
      },
    });
    const bravo = await asAccount(bravoAdminId, ADMIN_SCOPE, 'org_bravo');
    expect(await bravo('GET', '/users')).toMatchObject({
      body: { total: 1, items: [{ email: 'chief@bravo.test' }] },
    });
  });

  it('needs read:*', async () => {
    const visitor = await asAccount(await accountId('visitor@demo.test'), 'read:sites read:departments');
    expect(await visitor('GET', '/users')).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });
});

describe('POST /users', () => {
  it('adds a user with a generated password shown once, which signs in', async () => {
    const added = await admin('POST', '/users', {
      email: 'Nurse.Two@demo.test',
      name: 'Nurse Two',
      role: 'staff',
    });
    expect(added).toMatchObject({
      status: 201,
      body: { email: 'Nurse.Two@demo.test', name: 'Nurse Two', role: 'staff', disabled: false },
    });
    const { id, password } = added.body as { id: string; password: string };
    expect(password).toMatch(/^[\w-]{20}$/);
    expect(await admin('GET', `/users/${id}`)).toMatchObject({ status: 200, body: { id } });
    expect((await admin('GET', `/users/${id}`)).body).not.toHaveProperty('password');
  });

  it('takes a given password and does not answer it', async () => {
    const added = await admin('POST', '/users', {
      email: 'desk@demo.test',
      name: 'Front Desk',
      role: 'visitor',
      password: 'a-long-password-1',
    });
    expect(added.status).toBe(201);
    expect(added.body).not.toHaveProperty('password');
    expect(
      await admin('POST', '/users', { email: 'x@demo.test', name: 'X', role: 'staff', password: 'short' }),
    ).toMatchObject({ status: 400, body: { code: 'IS_NOT_VALID', params: { field: 'password' } } });
    expect(await admin('POST', '/users', { email: 'not an email', name: 'X', role: 'staff' })).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'email' } },
    });
  });

  it('answers AUTH0_API_USER_CREATE_CONFLICT for a taken email, whatever its case or customer', async () => {
    const expected = {
      status: 409,
      body: { code: 'AUTH0_API_USER_CREATE_CONFLICT', params: {}, message: 'Email is already in use.' },
    };
    expect(
      errorOf(await admin('POST', '/users', { email: 'ADMIN@demo.test', name: 'A', role: 'staff' })),
    ).toEqual(expected);
    expect(
      errorOf(await admin('POST', '/users', { email: 'chief@bravo.test', name: 'C', role: 'staff' })),
    ).toEqual(expected);
  });

  it('answers USER_LEVEL_IS_NOT_VALID when a staff caller adds an admin', async () => {
    const staff = await asAccount(await accountId('staff@demo.test'), STAFF_SCOPE);
    expect(
      errorOf(await staff('POST', '/users', { email: 'boss@demo.test', name: 'Boss', role: 'admin' })),
    ).toEqual({
      status: 403,
      body: {
        code: 'USER_LEVEL_IS_NOT_VALID',
        params: {},
        message: 'You do not have permissions to set this user level',
      },
    });
    expect(await admin('GET', '/users?role=admin')).toMatchObject({ body: { total: 1 } });
    // At or below their own level is fine.
    expect(
      (await staff('POST', '/users', { email: 'aide@demo.test', name: 'Aide', role: 'staff' })).status,
    ).toBe(201);
  });

  it('refuses a token of no account of the customer (401, IDN-22), and a screen (403)', async () => {
    // An account id that names no account: deleted, or never one of this customer's.
    const stranger = await asAccount('00000000-0000-4000-8000-000000000000', ADMIN_SCOPE);
    const body = { email: 'ghost@demo.test', name: 'Ghost', role: 'visitor' };
    expect(await stranger('POST', '/users', body)).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    // bravo's admin with a token of demo's organization is no account of demo.
    const crossed = await asAccount(bravoAdminId, ADMIN_SCOPE);
    expect(await crossed('POST', '/users', body)).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    const screen = apiClient(
      server,
      await accessToken(server, { sub: adminId, scope: ADMIN_SCOPE, device_id: 1 }),
    );
    expect(await (await screen)('POST', '/users', body)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
  });
});

describe('PATCH /users/:id', () => {
  it('renames a user and changes their role', async () => {
    const id = await accountId('aide@demo.test');
    expect(await admin('PATCH', `/users/${id}`, { name: 'Care Aide', role: 'visitor' })).toMatchObject({
      status: 200,
      body: { id, name: 'Care Aide', role: 'visitor', disabled: false },
    });
  });

  it('never lets a staff caller raise anyone to admin or touch an admin', async () => {
    const staff = await asAccount(await accountId('staff@demo.test'), STAFF_SCOPE);
    const aide = await accountId('aide@demo.test');
    for (const [id, body] of [
      [aide, { role: 'admin' }],
      [adminId, { name: 'Renamed' }],
      [adminId, { disabled: true }],
    ] as const) {
      expect(errorOf(await staff('PATCH', `/users/${id}`, body))).toEqual({
        status: 403,
        body: {
          code: 'USER_LEVEL_IS_NOT_VALID',
          params: {},
          message: 'You do not have permissions to set this user level',
        },
      });
    }
    expect(await admin('GET', `/users/${adminId}`)).toMatchObject({
      body: { name: 'Demo Admin', disabled: false },
    });
  });

  it("keeps the customer's last admin: it can be neither demoted nor disabled", async () => {
    for (const body of [{ role: 'staff' }, { disabled: true }]) {
      expect(await admin('PATCH', `/users/${adminId}`, body)).toMatchObject({
        status: 403,
        body: { code: 'USER_LEVEL_IS_NOT_VALID' },
      });
    }
    // With a second admin, one may be demoted.
    const second = await admin('POST', '/users', {
      email: 'admin2@demo.test',
      name: 'Second',
      role: 'admin',
    });
    const secondId = (second.body as { id: string }).id;
    expect(await admin('PATCH', `/users/${secondId}`, { role: 'staff' })).toMatchObject({
      status: 200,
      body: { role: 'staff' },
    });
  });

  it("answers 404 for another customer's user", async () => {
    expect(await admin('PATCH', `/users/${bravoAdminId}`, { name: 'Hijacked' })).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND' },
    });
    const bravo = await asAccount(bravoAdminId, ADMIN_SCOPE, 'org_bravo');
    expect(await bravo('GET', `/users/${bravoAdminId}`)).toMatchObject({
      body: { name: 'chief@bravo.test' },
    });
  });

  it("ends a disabled user's sign-ins at once: the refresh fails and the password is refused", async () => {
    await admin('POST', '/users', {
      email: 'leaver@demo.test',
      name: 'Leaver',
      role: 'staff',
      password: DEMO_PASSWORD,
    });
    const web = await discover(server, server.config.identity.webClientId);
    const signIn = async () => {
      const { callback, verifier, state, nonce } = await signInWithRedirect(server, web, 'leaver@demo.test');
      return oidc.authorizationCodeGrant(web, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      });
    };
    const tokens = await signIn();
    const renewed = await oidc.refreshTokenGrant(web, tokens.refresh_token ?? '');
    const id = await accountId('leaver@demo.test');
    const grants = () =>
      db
        .selectFrom('oidc_payloads')
        .select('id')
        .where('type', 'in', ['Grant', 'Session'])
        .where((eb) => eb(eb.ref('payload', '->>').key('accountId' as never), '=', id))
        .execute();
    expect((await grants()).length).toBeGreaterThan(0);

    expect(await admin('PATCH', `/users/${id}`, { disabled: true })).toMatchObject({
      status: 200,
      body: { disabled: true },
    });
    // Gone at once (BOF-30), not only refused at the next use.
    expect(await grants()).toEqual([]);
    await expect(oidc.refreshTokenGrant(web, renewed.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(signIn()).rejects.toThrow();
    expect(await admin('GET', '/users?disabled=true')).toMatchObject({
      body: { total: 1, items: [{ email: 'leaver@demo.test' }] },
    });

    expect(await admin('PATCH', `/users/${id}`, { disabled: false })).toMatchObject({
      body: { disabled: false },
    });
    expect((await signIn()).access_token).toBeTruthy();
  }, 30_000);
});

describe('customer settings', () => {
  it("reads and changes the caller's own customer; the public customer call follows", async () => {
    expect(await admin('GET', '/customers/demo/settings')).toMatchObject({
      status: 200,
      body: {
        id: 'demo',
        name: 'Riverside Medical Center',
        locale: 'en-US',
        auth_org_id: 'org_demo',
        auth_device_client_id: 'demo-device',
        tag_non_reporting_sec: 600,
      },
    });
    const changed = await admin('PATCH', '/customers/demo', {
      name: 'Riverside Health',
      locale: 'es-US',
      tag_non_reporting_sec: 120,
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { id: 'demo', name: 'Riverside Health', locale: 'es-US', tag_non_reporting_sec: 120 },
    });
    const board = await fetch(`${server.baseUrl}/api/customers/demo`);
    expect(await board.json()).toEqual({
      id: 'demo',
      auth_org_id: 'org_demo',
      auth_device_client_id: 'demo-device',
      locale: 'es-US',
    });
    await admin('PATCH', '/customers/demo', { name: 'Riverside Medical Center', locale: 'en-US' });
  });

  it('refuses values out of range', async () => {
    for (const [body, field] of [
      [{ tag_non_reporting_sec: 59 }, 'tag_non_reporting_sec'],
      [{ tag_non_reporting_sec: 86_401 }, 'tag_non_reporting_sec'],
      [{ locale: 'fr-FR' }, 'locale'],
      [{ auth_org_id: 'org_other' }, 'auth_org_id'],
    ] as const) {
      expect(await admin('PATCH', '/customers/demo', body)).toMatchObject({
        status: 400,
        body: { code: 'IS_NOT_VALID', params: { field } },
      });
    }
    expect(await admin('PATCH', '/customers/demo', { name: '  ' })).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID', params: { field: 'name' } },
    });
    expect(await admin('GET', '/customers/demo/settings')).toMatchObject({
      body: { name: 'Riverside Medical Center', tag_non_reporting_sec: 120 },
    });
  });

  it("answers 404 for another customer's settings and 403 without update:customer*", async () => {
    for (const [method, path] of [
      ['GET', '/customers/bravo/settings'],
      ['PATCH', '/customers/bravo'],
      ['PATCH', '/customers/nobody'],
    ] as const) {
      expect(errorOf(await admin(method, path, method === 'PATCH' ? { name: 'Taken' } : undefined))).toEqual({
        status: 404,
        body: {
          code: 'ENTITY_NOT_FOUND',
          params: { entity: 'Customer', id: path.split('/')[2] },
          message: `Customer with id ${path.split('/')[2]} was not found.`,
        },
      });
    }
    const bravo = await asAccount(bravoAdminId, ADMIN_SCOPE, 'org_bravo');
    expect(await bravo('GET', '/customers/bravo/settings')).toMatchObject({
      body: { name: 'Bravo Hospital' },
    });
    const staff = await asAccount(await accountId('staff@demo.test'), STAFF_SCOPE);
    expect(await staff('PATCH', '/customers/demo', { name: 'Mine' })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
  });
});
