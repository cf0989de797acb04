/**
 * SCIM 2.0 provisioning (RFC 7643, RFC 7644; decisions IDN-30 to IDN-32) against a real server:
 * tokens made through the REST API, the demo customer's SAML connection to Debian's SimpleSAMLphp
 * (the others made by SQL: they are never signed in through), the RFC's own request bodies
 * (test/fixtures/scim/, each with its source), real sign-ins through the connection and a real
 * GraphQL stream for what a deactivation ends.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { displayBoardSubscription } from '@careboard/contracts';
import { createClient, type Client as GraphqlClient } from 'graphql-ws';
import * as oidc from 'openid-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type SimpleSaml, startSimpleSaml } from '../../../e2e/idp/simplesamlphp.ts';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { BrowserSession, formIn } from './browser-session.ts';
import { DEMO_PASSWORD, discover } from './identity-helpers.ts';
import { waitUntil } from './live-clients.ts';
import { signInThroughSaml } from './saml-sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

type Api = (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
type Json = Record<string, unknown>;

const ADMIN_SCOPES = 'access:display-board read:* write:* write:patients read:securable update:customer*';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
/** The acceptance bound of IDN-32: access ends within this of a deactivation. */
const WITHIN_MS = 5_000;
/** What "at once" on the node that made the change allows: well under the account cache's 3 s (IDN-22). */
const AT_ONCE_MS = 1_000;

const fixture = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`./fixtures/scim/${name}.json`, import.meta.url), 'utf8')) as Json;

let server: TestServer;
let idp: SimpleSaml;
const IDP_PASSWORD = 'idp-password-1';
let sql: pg.Client;
let admin: Api;
let bravoAdmin: Api;
let web: oidc.Configuration;
/** The demo customer's connection: rules for admins and nurses, visitor by default. */
let connection: string;
/** Another connection of the demo customer: no default role, so no group is no access. */
let strictConnection: string;
let bravoConnection: string;
let token: string;
let strictToken: string;
let bravoToken: string;
const graphqlClients: GraphqlClient[] = [];

async function insertConnection(customer: string, defaultRole: string | null): Promise<string> {
  const { rows } = await sql.query(
    `INSERT INTO sign_in_connections (customer_id, kind, name, role_rules, default_role)
     VALUES ($1, 'oidc', 'Hospital directory', $2, $3) RETURNING id`,
    [
      customer,
      JSON.stringify([
        { group: 'Careboard Admins', role: 'admin' },
        { group: 'Nurses', role: 'staff' },
      ]),
      defaultRole,
    ],
  );
  return rows[0].id as string;
}

async function madeToken(api: Api, connectionId: string, name = 'Entra ID'): Promise<string> {
  const made = await api('POST', '/scim-tokens', { name, connection_id: connectionId });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body as { token: string }).token;
}

interface ScimAnswer {
  readonly status: number;
  readonly body: Json;
  readonly headers: Headers;
}

/** A SCIM client: the bearer token and application/scim+json, no cookie, no XSRF header. */
async function scim(bearer: string, method: string, path: string, body?: unknown): Promise<ScimAnswer> {
  const response = await fetch(`${server.baseUrl}/scim/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      accept: 'application/scim+json',
      ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {}, headers: response.headers };
}

let made = 0;
/** A new User of the RFC's shape, under a name of its own. */
async function newUser(
  bearer = token,
  extra: Json = {},
): Promise<{ id: string; userName: string; externalId: string }> {
  made += 1;
  const userName = `nurse${made}@hospital.test`;
  const created = await scim(bearer, 'POST', '/Users', {
    schemas: [USER],
    userName,
    externalId: `ext-${made}`,
    name: { givenName: 'Nurse', familyName: `Number ${made}` },
    emails: [{ value: userName, type: 'work', primary: true }],
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: String(created.body.id), userName, externalId: String(extra.externalId ?? `ext-${made}`) };
}

async function newGroup(bearer: string, displayName: string, members: string[] = []): Promise<string> {
  const created = await scim(bearer, 'POST', '/Groups', {
    schemas: [GROUP],
    displayName,
    members: members.map((value) => ({ value })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return String(created.body.id);
}

async function account(id: string) {
  const { rows } = await sql.query(
    `SELECT role, disabled_at, disabled_by, external_subject, email, name, password_hash, connection_id,
            scim_deleted_at
     FROM accounts WHERE id = $1`,
    [id],
  );
  return rows[0] as {
    role: string;
    disabled_at: Date | null;
    disabled_by: string | null;
    external_subject: string;
    email: string;
    name: string;
    password_hash: string;
    connection_id: string;
    scim_deleted_at: Date | null;
  };
}

/** The person's browser grants and provider sessions still stored: what endSessionsOfAccount deletes (BOF-30). */
async function signIns(id: string): Promise<number> {
  const { rows } = await sql.query(
    "SELECT count(*)::int AS n FROM oidc_payloads WHERE type IN ('Grant', 'Session') AND payload->>'accountId' = $1",
    [id],
  );
  return rows[0].n as number;
}

function patchOp(...operations: Json[]): Json {
  return { schemas: [PATCH_OP], Operations: operations };
}

/** The member values of an RFC fixture replaced with these ids, in order. */
function withMembers(body: Json, ids: string[]): Json {
  const copy = structuredClone(body) as { Operations: { value: { value: string }[] }[] };
  for (const operation of copy.Operations)
    operation.value.forEach((member, index) => {
      member.value = ids[index] ?? member.value;
    });
  return copy as unknown as Json;
}

beforeAll(async () => {
  server = await startTestServer();
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  const adminId = (await sql.query("SELECT id FROM accounts WHERE email = 'admin@demo.test'")).rows[0].id;
  admin = await apiClient(server, await accessToken(server, { sub: adminId, scope: ADMIN_SCOPES }));
  await sql.query(
    "INSERT INTO customers (id, auth_org_id, auth_device_client_id, name) VALUES ('bravo', 'org_bravo', 'bravo-device', 'Bravo')",
  );
  const bravoAdminId = (
    await sql.query(
      "INSERT INTO accounts (customer_id, email, name, role, password_hash) VALUES ('bravo', 'boss@bravo.test', 'Boss', 'admin', 'x') RETURNING id",
    )
  ).rows[0].id;
  bravoAdmin = await apiClient(
    server,
    await accessToken(server, { sub: bravoAdminId, scope: ADMIN_SCOPES, org_id: 'org_bravo' }),
  );
  idp = await startSimpleSaml({ serviceProviders: [], users: [] });
  const saml = await admin('POST', '/sign-in-connections', {
    kind: 'saml',
    name: 'Hospital directory',
    domains: ['hospital.test'],
    role_rules: [
      { group: 'Careboard Admins', role: 'admin' },
      { group: 'Nurses', role: 'staff' },
    ],
    default_role: 'visitor',
    idp_metadata_url: idp.metadataUrl,
  });
  expect(saml.status, JSON.stringify(saml.body)).toBe(201);
  const record = saml.body as { id: string; sp_entity_id: string; acs_url: string };
  connection = record.id;
  await idp.addServiceProvider({ entityId: record.sp_entity_id, acsUrl: record.acs_url });
  strictConnection = await insertConnection('demo', null);
  bravoConnection = await insertConnection('bravo', 'staff');
  token = await madeToken(admin, connection);
  strictToken = await madeToken(admin, strictConnection, 'Okta');
  bravoToken = await madeToken(bravoAdmin, bravoConnection);
  web = await discover(server, server.config.identity.webClientId);
}, 60_000);
afterAll(async () => {
  await Promise.all(graphqlClients.map((client) => client.dispose()));
  await sql?.end();
  await idp?.stop();
  await server?.close();
});

describe('SCIM tokens (IDN-30)', () => {
  it('are shown once, kept as their SHA-256, listed without the token, and revoked at once', async () => {
    const made = await admin('POST', '/scim-tokens', { name: 'Rotation', connection_id: connection });
    expect(made.status).toBe(201);
    const created = made.body as { id: string; token: string; base_url: string; name: string };
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.base_url).toBe(`${server.baseUrl}/scim/v2`);
    const stored = await sql.query('SELECT token_hash FROM scim_tokens WHERE id = $1', [created.id]);
    expect(stored.rows[0].token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));

    const listed = await admin('GET', `/scim-tokens?connection_id=${connection}`);
    expect(listed.status).toBe(200);
    const items = (listed.body as { items: Json[] }).items;
    expect(items.map((item) => item.id)).toContain(created.id);
    expect(JSON.stringify(listed.body)).not.toContain(created.token);
    expect(items.every((item) => !('token' in item) && !('token_hash' in item))).toBe(true);

    expect((await scim(created.token, 'GET', '/Users')).status).toBe(200);
    const used = await sql.query('SELECT last_used_at FROM scim_tokens WHERE id = $1', [created.id]);
    expect(used.rows[0].last_used_at).not.toBeNull();
    expect(await admin('DELETE', `/scim-tokens/${created.id}`)).toMatchObject({ status: 204 });
    const refused = await scim(created.token, 'GET', '/Users');
    expect(refused).toMatchObject({ status: 401, body: { schemas: [ERROR], status: '401' } });
    expect(refused.headers.get('www-authenticate')).toContain('Bearer');
    expect((await admin('DELETE', `/scim-tokens/${created.id}`)).status).toBe(404);
  });

  it('answers the token with no-store, and refuses a connection of another customer and a staff caller', async () => {
    const response = await fetch(`${server.baseUrl}/api/scim-tokens`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken(server, { sub: 'scim-admin', scope: 'update:customer*' })}`,
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=x',
        'x-xsrf-token': 'x',
      },
      body: JSON.stringify({ name: 'Headers', connection_id: connection }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(
      await admin('POST', '/scim-tokens', { name: 'Theirs', connection_id: bravoConnection }),
    ).toMatchObject({
      status: 422,
      body: { code: 'NO_MASTER_ENTITY_FOUND', params: { field: 'connection_id' } },
    });
    const staff = await apiClient(
      server,
      await accessToken(server, { sub: 'scim-staff', scope: 'read:* write:*' }),
    );
    expect((await staff('POST', '/scim-tokens', { name: 'Mine', connection_id: connection })).status).toBe(
      403,
    );
    expect((await staff('GET', '/scim-tokens')).status).toBe(403);
    // B's list holds only B's token; B cannot revoke A's.
    const bravoList = (await bravoAdmin('GET', '/scim-tokens')).body as {
      items: { connection_id: string }[];
    };
    expect(bravoList.items.map((item) => item.connection_id)).toEqual([bravoConnection]);
    const ours = ((await admin('GET', '/scim-tokens')).body as { items: { id: string }[] }).items[0]?.id;
    expect((await bravoAdmin('DELETE', `/scim-tokens/${ours}`)).status).toBe(404);
  });
});

describe('SCIM Users (IDN-31)', () => {
  let bjensen: string;

  it("creates the User of RFC 7644 §3.3, keyed by its externalId, with the role of the connection's rules", async () => {
    const created = await scim(token, 'POST', '/Users', fixture('create-user'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('content-type')).toContain('application/scim+json');
    bjensen = String(created.body.id);
    expect(created.headers.get('location')).toBe(`${server.baseUrl}/scim/v2/Users/${bjensen}`);
    expect(created.body).toMatchObject({
      schemas: [USER],
      userName: 'bjensen',
      externalId: 'bjensen',
      name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
      active: true,
      groups: [],
      meta: { resourceType: 'User', location: `${server.baseUrl}/scim/v2/Users/${bjensen}` },
    });
    // No group yet: the connection's default role.
    expect(await account(bjensen)).toMatchObject({
      role: 'visitor',
      disabled_at: null,
      external_subject: 'bjensen',
      name: 'Ms. Barbara J Jensen III',
      password_hash: '',
      connection_id: connection,
    });
    const audit = await sql.query(
      "SELECT actor, actor_kind, action, entity, route, status FROM audit_events WHERE entity_id = $1 AND entity = 'users'",
      [bjensen],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      actor_kind: 'system',
      action: 'create',
      route: 'POST /scim/v2/Users',
      status: 201,
    });
    expect(String(audit.rows[0].actor)).toMatch(/^scim-token:[0-9a-f-]{36}$/);
    expect(JSON.stringify(audit.rows)).not.toMatch(/Jensen|bjensen/);
    expect(server.logs.map((line) => JSON.stringify(line)).join('\n')).not.toContain(token);
  });

  it('refuses the same userName or externalId again with 409 uniqueness', async () => {
    expect(await scim(token, 'POST', '/Users', fixture('create-user'))).toMatchObject({
      status: 409,
      body: { schemas: [ERROR], status: '409', scimType: 'uniqueness' },
    });
    const sameName = { ...fixture('create-user'), userName: 'BJensen', externalId: 'another' };
    expect((await scim(token, 'POST', '/Users', sameName)).body).toMatchObject({ scimType: 'uniqueness' });
    const sameExternal = { ...fixture('create-user'), userName: 'barbara' };
    expect((await scim(token, 'POST', '/Users', sameExternal)).body).toMatchObject({
      scimType: 'uniqueness',
    });
  });

  it('finds a User by the filter of RFC 7644 §3.4.2.2, by externalId, without regard to case, and pages', async () => {
    const { filter } = fixture('list-filter') as { filter: string };
    const found = await scim(token, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ id: bjensen, userName: 'bjensen' }],
    });
    const upper = await scim(token, 'GET', `/Users?filter=${encodeURIComponent('UserName eq "BJENSEN"')}`);
    expect(upper.body).toMatchObject({ totalResults: 1 });
    const external = await scim(
      token,
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "bjensen"')}`,
    );
    expect(external.body).toMatchObject({ totalResults: 1 });
    // externalId is case-exact (RFC 7643 §3.1).
    const exact = await scim(token, 'GET', `/Users?filter=${encodeURIComponent('externalId eq "BJENSEN"')}`);
    expect(exact.body).toMatchObject({ totalResults: 0, Resources: [] });

    await newUser();
    await newUser();
    const all = (await scim(token, 'GET', '/Users')).body as { totalResults: number };
    expect(all.totalResults).toBeGreaterThanOrEqual(3);
    const second = await scim(token, 'GET', '/Users?startIndex=2&count=1');
    expect(second.body).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 1 });
    const first = await scim(token, 'GET', '/Users?startIndex=1&count=2');
    const ids = (first.body.Resources as Json[]).map((user) => user.id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe((second.body.Resources as Json[])[0]?.id);
    expect((await scim(token, 'GET', '/Users?count=0')).body).toMatchObject({
      Resources: [],
      itemsPerPage: 0,
    });
    // Entra ID's probe: a filter of its own and the attributes it wants.
    const probe = await scim(token, 'GET', `/Users?attributes=userName&filter=${encodeURIComponent(filter)}`);
    expect(Object.keys((probe.body.Resources as Json[])[0] ?? {}).sort()).toEqual([
      'id',
      'schemas',
      'userName',
    ]);
  });

  it('answers a filter it cannot read, or does not support, with 400 invalidFilter', async () => {
    for (const filter of [
      'userName eq',
      'userName eq "a" and',
      'name.familyName co "Jensen"',
      'title pr',
      '((',
    ]) {
      const answer = await scim(token, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(answer, filter).toMatchObject({
        status: 400,
        body: { schemas: [ERROR], status: '400', scimType: 'invalidFilter' },
      });
    }
  });

  it('replaces the User with the PUT of RFC 7644 §3.5.1, and refuses a change of its key', async () => {
    const replaced = await scim(token, 'PUT', `/Users/${bjensen}`, fixture('put-user'));
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({
      id: bjensen,
      name: { middleName: 'Jane' },
      emails: [{ value: 'bjensen@example.com' }, { value: 'babs@jensen.org' }],
    });
    expect(replaced.body).not.toHaveProperty('roles');
    // Neither email is primary: the first is the account's.
    expect(await account(bjensen)).toMatchObject({
      email: 'bjensen@example.com',
      name: 'Ms. Barbara J Jensen III',
    });
    const got = await scim(token, 'GET', `/Users/${bjensen}`);
    expect(got.body).toMatchObject({ id: bjensen, name: { middleName: 'Jane' } });

    const rekeyed = { ...fixture('put-user'), externalId: 'barbara-2' };
    expect(await scim(token, 'PUT', `/Users/${bjensen}`, rekeyed)).toMatchObject({
      status: 400,
      body: { scimType: 'mutability' },
    });
    expect(
      await scim(token, 'PATCH', `/Users/${bjensen}`, patchOp({ op: 'replace', path: 'id', value: 'x' })),
    ).toMatchObject({ status: 400, body: { scimType: 'mutability' } });
    expect(await scim(token, 'PUT', `/Users/${bjensen}`, { schemas: [USER] })).toMatchObject({
      status: 400,
      body: { scimType: 'invalidValue' },
    });
  });

  it('keeps attributes it does not store out, and refuses paths into prototypes', async () => {
    const { id } = await newUser();
    const patched = await scim(
      token,
      'PATCH',
      `/Users/${id}`,
      patchOp(
        { op: 'Replace', path: 'title', value: 'Charge nurse' },
        {
          op: 'Add',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber',
          value: '7',
        },
        { op: 'Replace', path: 'name.givenName', value: 'Renamed' },
      ),
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ name: { givenName: 'Renamed' } });
    expect(patched.body).not.toHaveProperty('title');
    for (const operation of [
      { op: 'add', path: 'constructor.prototype.polluted', value: 'yes' },
      { op: 'add', path: 'name', value: { '__proto__.polluted': 'yes' } },
      { op: 'add', value: { name: { 'constructor.prototype.polluted': 'yes' } } },
    ]) {
      const refused = await scim(token, 'PATCH', `/Users/${id}`, patchOp(operation));
      expect(refused.status, JSON.stringify(operation)).toBe(400);
      expect(refused.body).toMatchObject({ schemas: [ERROR], status: '400' });
    }
    expect(({} as Json).polluted).toBeUndefined();
    const badJson = await scim(token, 'POST', '/Users', '{"userName":');
    expect(badJson).toMatchObject({ status: 400, body: { schemas: [ERROR], scimType: 'invalidSyntax' } });
    const unknownRoute = await scim(token, 'GET', '/Nothing');
    expect(unknownRoute).toMatchObject({ status: 404, body: { schemas: [ERROR], status: '404' } });
  });

  it('keeps a DELETEd User, disabled, for the audit: later GET is 404, and its key makes a new account', async () => {
    const { id, userName } = await newUser();
    expect((await scim(token, 'DELETE', `/Users/${id}`)).status).toBe(204);
    expect(await scim(token, 'GET', `/Users/${id}`)).toMatchObject({
      status: 404,
      body: { schemas: [ERROR], status: '404' },
    });
    expect((await scim(token, 'DELETE', `/Users/${id}`)).status).toBe(404);
    expect(
      (await scim(token, 'PATCH', `/Users/${id}`, patchOp({ op: 'replace', path: 'active', value: true })))
        .status,
    ).toBe(404);
    const filtered = await scim(
      token,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`,
    );
    expect(filtered.body).toMatchObject({ totalResults: 0 });
    const kept = await account(id);
    expect(kept.disabled_at).not.toBeNull();
    expect(kept.scim_deleted_at).not.toBeNull();
    expect(kept).toMatchObject({ disabled_by: 'scim', external_subject: `scim-deleted:${id}` });

    // The same person pushed again (or a new one given the leaver's name): a new account, not the leaver's.
    const again = await scim(token, 'POST', '/Users', {
      schemas: [USER],
      userName,
      externalId: `ext-${userName.replace(/\D/g, '')}`,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.id).not.toBe(id);
  });
});

describe('SCIM Groups and roles (IDN-31)', () => {
  it("raises a member's role when a group's rule says so, and lowers it, ending their sign-in", async () => {
    const babs = await newUser();
    const james = await newUser();
    const nurses = await newGroup(token, 'Nurses', [babs.id]);
    expect((await account(babs.id)).role).toBe('staff');
    const person = await signedIn(babs);

    const admins = await newGroup(token, 'Careboard Admins');
    const added = await scim(
      token,
      'PATCH',
      `/Groups/${admins}`,
      withMembers(fixture('patch-add-members'), [babs.id]),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ members: [{ value: babs.id, type: 'User' }] });
    expect((await account(babs.id)).role).toBe('admin');
    // Raised: the sign-in stays.
    expect((await refresh(person.refreshToken)).status).toBe(200);
    const user = await scim(token, 'GET', `/Users/${babs.id}`);
    expect((user.body.groups as Json[]).map((group) => group.display).sort()).toEqual([
      'Careboard Admins',
      'Nurses',
    ]);

    // Replaced by RFC 7644 §3.5.2.3's two members: Babs stays, James joins.
    const replaced = await scim(
      token,
      'PATCH',
      `/Groups/${admins}`,
      withMembers(fixture('patch-replace-members'), [babs.id, james.id]),
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect((await account(james.id)).role).toBe('admin');
    expect((await account(babs.id)).role).toBe('admin');

    const renewed = await refresh(person.refreshToken);
    expect(renewed.status).toBe(200);
    expect(await signIns(babs.id)).toBeGreaterThan(0);
    const removed = await scim(
      token,
      'PATCH',
      `/Groups/${admins}`,
      patchOp({ op: 'remove', path: `members[value eq "${babs.id}"]` }),
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.members).toEqual([expect.objectContaining({ value: james.id })]);
    // Lowered to staff (still a nurse): the grant is ended in the same transaction (BOF-30).
    expect((await account(babs.id)).role).toBe('staff');
    expect(await signIns(babs.id)).toBe(0);
    expect(await refresh(String(renewed.body.refresh_token))).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });

    // Okta's remove: the member named in the value.
    const okta = await scim(
      token,
      'PATCH',
      `/Groups/${nurses}`,
      patchOp({ op: 'remove', path: 'members', value: [{ value: babs.id, display: 'Babs' }] }),
    );
    expect(okta.status).toBe(200);
    expect(okta.body.members).toEqual([]);
    expect((await account(babs.id)).role).toBe('visitor');
  }, 30_000);

  it('disables a member left with no role (no_role) and enables them again when a group gives one', async () => {
    const created = await scim(strictToken, 'POST', '/Users', {
      schemas: [USER],
      userName: 'locum@hospital.test',
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    expect(await account(id)).toMatchObject({ disabled_by: 'no_role' });
    // To the directory it is still active: it did not turn it off.
    expect(created.body.active).toBe(true);

    const group = await newGroup(strictToken, 'nurses', [id]);
    expect(await account(id)).toMatchObject({ role: 'staff', disabled_at: null, disabled_by: null });
    // Renamed to a name no rule names: no role again.
    const renamed = await scim(
      strictToken,
      'PATCH',
      `/Groups/${group}`,
      patchOp({ op: 'replace', path: 'displayName', value: 'Porters' }),
    );
    expect(renamed.status).toBe(200);
    expect(await account(id)).toMatchObject({ disabled_by: 'no_role' });
    expect((await scim(strictToken, 'DELETE', `/Groups/${group}`)).status).toBe(204);
    expect((await scim(strictToken, 'GET', `/Groups/${group}`)).status).toBe(404);

    // The directory turning it off makes it the directory's: a role later does not enable it.
    expect(
      (
        await scim(
          strictToken,
          'PATCH',
          `/Users/${id}`,
          patchOp({ op: 'replace', path: 'active', value: false }),
        )
      ).status,
    ).toBe(200);
    await newGroup(strictToken, 'Nurses', [id]);
    expect(await account(id)).toMatchObject({ role: 'staff', disabled_by: 'scim' });
    expect(
      (
        await scim(
          strictToken,
          'PATCH',
          `/Users/${id}`,
          patchOp({ op: 'replace', path: 'active', value: true }),
        )
      ).status,
    ).toBe(200);
    expect(await account(id)).toMatchObject({ role: 'staff', disabled_at: null, disabled_by: null });
  });

  it('lists groups by displayName, leaves members out when asked, and refuses a member that is no User of the connection', async () => {
    const { id } = await newUser();
    const group = await newGroup(token, 'Ward 3', [id]);
    const found = await scim(
      token,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Ward 3"')}&excludedAttributes=members`,
    );
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id: group, displayName: 'Ward 3' }] });
    expect((found.body.Resources as Json[])[0]).not.toHaveProperty('members');
    expect(
      (await scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Ward 3' })).body,
    ).toMatchObject({
      scimType: 'uniqueness',
    });
    const strange = await scim(
      token,
      'PATCH',
      `/Groups/${group}`,
      patchOp({ op: 'add', path: 'members', value: [{ value: '08e1d05d-121c-4561-8b96-473d93df9210' }] }),
    );
    expect(strange).toMatchObject({ status: 400, body: { scimType: 'invalidValue' } });
    const put = await scim(token, 'PUT', `/Groups/${group}`, {
      schemas: [GROUP],
      displayName: 'Ward 3 East',
    });
    expect(put.body).toMatchObject({ displayName: 'Ward 3 East', members: [{ value: id }] });
  });
});

describe('deactivation through SCIM (IDN-32)', () => {
  for (const [client, operation] of [
    ['Entra ID', { op: 'Replace', value: { active: 'False' } }],
    ['Okta', { op: 'replace', path: 'active', value: false }],
    ['the RFC', { op: 'replace', value: { active: false } }],
  ] as const) {
    it(`ends the person's refresh token and live connection within 5 s, with ${client}'s PATCH`, async () => {
      const nurse = await newUser();
      await scim(
        token,
        'PATCH',
        `/Groups/${await nursesGroup()}`,
        patchOp({ op: 'add', path: 'members', value: [{ value: nurse.id }] }),
      );
      const person = await signedIn(nurse);
      const board = await boardStream(person.accessToken);
      const me = await apiClient(server, person.accessToken);
      expect((await me('GET', '/me')).status).toBe(200);
      expect(await signIns(nurse.id)).toBeGreaterThan(0);

      const deactivated = await scim(token, 'PATCH', `/Users/${nurse.id}`, patchOp(operation));
      expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
      const changed = Date.now();
      expect(deactivated.body.active).toBe(false);
      expect(await account(nurse.id)).toMatchObject({ disabled_by: 'scim' });
      // Its grants and sessions went in the deactivation's own transaction, before anyone asks.
      expect(await signIns(nurse.id)).toBe(0);

      expect(await refresh(person.refreshToken)).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant' },
      });
      expect(await me('GET', '/me')).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
      const closed = await within(board.closed, changed + WITHIN_MS, 'the board stream closed');
      expect(closed).toMatchObject({ code: 4401, reason: 'Access revoked' });
      // This node heard of it at once (accounts.changed); another node within 3 s and a sweep (IDN-22).
      expect(closed.at - changed).toBeLessThan(AT_ONCE_MS);
    }, 30_000);
  }

  it('ends them with a DELETE too, and active true enables only what the directory disabled', async () => {
    const nurse = await newUser();
    await scim(
      token,
      'PATCH',
      `/Groups/${await nursesGroup()}`,
      patchOp({ op: 'add', path: 'members', value: [{ value: nurse.id }] }),
    );
    const person = await signedIn(nurse);
    const board = await boardStream(person.accessToken);
    expect((await scim(token, 'DELETE', `/Users/${nurse.id}`)).status).toBe(204);
    const changed = Date.now();
    expect(await signIns(nurse.id)).toBe(0);
    expect(await refresh(person.refreshToken)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    const closed = await within(board.closed, changed + WITHIN_MS, 'the board stream closed');
    expect(closed.code).toBe(4401);

    // An admin's disabling stands: the directory's active true does not undo it.
    const other = await newUser();
    expect((await admin('PATCH', `/users/${other.id}`, { disabled: true })).status).toBe(200);
    const enabled = await scim(
      token,
      'PATCH',
      `/Users/${other.id}`,
      patchOp({ op: 'replace', path: 'active', value: true }),
    );
    expect(enabled.status).toBe(200);
    expect((await account(other.id)).disabled_at).not.toBeNull();
  }, 30_000);
});

describe("another customer's token", () => {
  it("sees none of this customer's Users and Groups, and changes none", async () => {
    const { id, userName } = await newUser();
    const group = await newGroup(token, 'Theatre', [id]);
    const before = JSON.stringify(await account(id));
    expect((await scim(bravoToken, 'GET', `/Users/${id}`)).status).toBe(404);
    expect((await scim(bravoToken, 'GET', `/Groups/${group}`)).status).toBe(404);
    expect((await scim(bravoToken, 'PUT', `/Users/${id}`, { schemas: [USER], userName })).status).toBe(404);
    expect(
      (
        await scim(
          bravoToken,
          'PATCH',
          `/Users/${id}`,
          patchOp({ op: 'replace', path: 'active', value: false }),
        )
      ).status,
    ).toBe(404);
    expect((await scim(bravoToken, 'DELETE', `/Users/${id}`)).status).toBe(404);
    expect((await scim(bravoToken, 'DELETE', `/Groups/${group}`)).status).toBe(404);
    const filtered = await scim(
      bravoToken,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`,
    );
    expect(filtered.body).toMatchObject({ totalResults: 0, Resources: [] });
    expect((await scim(bravoToken, 'GET', '/Groups')).body).toMatchObject({ totalResults: 0 });
    const theirs = await scim(bravoToken, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Theatre',
      members: [{ value: id }],
    });
    expect(theirs).toMatchObject({ status: 400, body: { scimType: 'invalidValue' } });
    // Another connection of the same customer is another directory: its token sees these neither.
    expect((await scim(strictToken, 'GET', `/Users/${id}`)).status).toBe(404);
    expect(JSON.stringify(await account(id))).toBe(before);
    expect((await scim(token, 'GET', `/Groups/${group}`)).body).toMatchObject({ members: [{ value: id }] });
  });
});

describe('a User pushed with the email of a password account', () => {
  it("leaves that account's password sign-in alone, even another customer's", async () => {
    const pushed = await scim(bravoToken, 'POST', '/Users', {
      schemas: [USER],
      userName: 'impostor',
      emails: [{ value: 'admin@demo.test', primary: true }],
    });
    expect(pushed.status).toBe(201);
    expect((await account(String(pushed.body.id))).email).toBe('admin@demo.test');
    // Rewritten, the password account's row now lies after the pushed one on disk.
    await sql.query(
      "UPDATE accounts SET name = name WHERE email = 'admin@demo.test' AND connection_id IS NULL",
    );
    expect(await passwordSignInCode('admin@demo.test')).toBeTruthy();
  });
});

describe('discovery (RFC 7644 §4)', () => {
  it('says what is supported, and the User and Group schemas', async () => {
    const config = await scim(token, 'GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const types = await scim(token, 'GET', '/ResourceTypes');
    expect((types.body.Resources as Json[]).map((type) => type.endpoint)).toEqual(['/Users', '/Groups']);
    const schemas = await scim(token, 'GET', '/Schemas');
    expect((schemas.body.Resources as Json[]).map((schema) => schema.id)).toEqual([USER, GROUP]);
    expect((await scim(token, 'GET', `/Schemas/${USER}`)).status).toBe(200);
    expect((await scim(token, 'GET', '/ResourceTypes/Device')).status).toBe(404);
    expect((await scim('not-a-token', 'GET', '/ServiceProviderConfig')).status).toBe(401);
  });
});

/** The demo connection's "Nurses" group (made by the first test that needs it). */
let nurses: string | undefined;
async function nursesGroup(): Promise<string> {
  if (nurses) return nurses;
  const found = await scim(token, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "Nurses"')}`);
  const existing = (found.body.Resources as Json[])[0]?.id;
  nurses = existing ? String(existing) : await newGroup(token, 'Nurses');
  return nurses;
}

/**
 * A real sign-in of a SCIM-made account (code with PKCE, as the console does) through the
 * connection: the IdP knows the person by the directory's externalId, their NameID (IDN-31).
 */
async function signedIn(user: { userName: string; externalId: string }) {
  await idp.addUser({
    username: user.externalId,
    password: IDP_PASSWORD,
    email: user.userName,
    name: 'Nurse',
    groups: [],
  });
  const { callback, verifier, state, nonce } = await signInThroughSaml(server, web, {
    email: user.userName,
    username: user.externalId,
    password: IDP_PASSWORD,
  });
  const tokens = await oidc.authorizationCodeGrant(web, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  expect(tokens.refresh_token).toBeTruthy();
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? '' };
}

/** The demo admin's password sign-in (the email first: the demo customer has a connection), up to its code. */
async function passwordSignInCode(email: string): Promise<string | null> {
  const redirectUri = `${server.baseUrl}/auth/callback`;
  const url = oidc.buildAuthorizationUrl(web, {
    redirect_uri: redirectUri,
    scope: 'openid',
    code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
    organization: 'org_demo',
    audience: server.config.identity.audience,
  });
  const browser = new BrowserSession();
  const emailPage = await browser.follow(url.toString());
  const passwordPage = await browser.submit(emailPage.url, formIn(emailPage.html), { email });
  const back = await browser.submit(
    passwordPage.url,
    formIn(passwordPage.html),
    { email, password: DEMO_PASSWORD },
    redirectUri,
  );
  return new URL(back.url).searchParams.get('code');
}

async function refresh(refreshToken: string) {
  const response = await fetch(`${server.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: server.config.identity.webClientId,
      refresh_token: refreshToken,
    }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** A board's config over graphql-ws, as the console's preview holds it: its first frame, and its close. */
async function boardStream(accessToken: string) {
  let onClosed: (closed: { code: number; reason: string; at: number }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) => (onClosed = resolve));
  const client = createClient({
    url: `${server.baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${accessToken}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
    on: {
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        onClosed({ code, reason, at: Date.now() });
      },
    },
  });
  graphqlClients.push(client);
  const frames: unknown[] = [];
  client.subscribe(
    { query: displayBoardSubscription, variables: { displayBoardId: 1 } },
    { next: (value) => frames.push(value), error: () => undefined, complete: () => undefined },
  );
  await waitUntil(() => frames.length > 0, 10_000);
  return { closed };
}

function within<T>(promise: Promise<T>, deadline: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${WITHIN_MS} ms`)), deadline - Date.now());
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
