/** The administrator Debian's schema makes (the provider listens on loopback only). */
const ADMIN = { username: 'admin', password: 'password' } as const;
/** The name of glewlwyd's OpenID Connect plugin instance: its endpoints live under /api/<name>/. */
export const OIDC_PLUGIN = 'oidc';
/** What the relying party asks for; each is a glewlwyd scope a user must hold and grant. */
export const SCOPES = ['openid', 'email', 'profile'] as const;

export interface AdminApi {
  /** One call to glewlwyd's REST API (`path` under /api); a status other than 2xx throws. */
  call(method: string, path: string, body?: unknown): Promise<unknown>;
}

/** A person at the hospital's identity provider. */
export interface IdpUser {
  readonly username: string;
  readonly password: string;
  readonly email: string;
  readonly name: string;
  readonly groups: readonly string[];
}

export interface ProviderClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
}

/**
 * The admin API with the admin's session cookie. The `g_admin` scope asks for the password again
 * after 10 minutes, so a 401 signs in once more and repeats the call.
 */
export async function adminApi(baseUrl: string): Promise<AdminApi> {
  let cookie = await signIn(baseUrl);
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    async call(method, path, body) {
      let response = await send(method, path, body);
      if (response.status === 401) {
        cookie = await signIn(baseUrl);
        response = await send(method, path, body);
      }
      const text = await response.text();
      if (!response.ok) throw new Error(`glewlwyd ${method} /api${path}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
  };
}

/** The admin's session cookie (`POST /api/auth/` with the password). */
async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`glewlwyd refused its admin: ${response.status}`);
  return cookie;
}

/**
 * What every start shares, made once into the database fixture: the `groups` user property (a
 * claim can only carry a property the user module's data-format declares, and the module reads
 * its data-format when it starts), the scopes, and the OpenID Connect plugin signing with `jwks`.
 */
export async function configureProvider(admin: AdminApi, issuer: string, jwks: string): Promise<void> {
  await admin.call('PUT', '/mod/user/database', USER_MODULE);
  await admin.call('PUT', '/mod/user/database/reset');
  for (const scope of SCOPES.filter((name) => name !== 'openid')) {
    await admin.call('POST', '/scope/', {
      name: scope,
      display_name: scope,
      description: `OpenID Connect scope ${scope}`,
      password_required: true,
      password_max_age: 0,
      scheme: {},
    });
  }
  // A plugin that fails validation is stored all the same (disabled): the throw is the signal.
  await admin.call('POST', '/mod/plugin/', {
    module: 'oidc',
    name: OIDC_PLUGIN,
    display_name: 'OpenID Connect',
    parameters: { ...OIDC_PARAMETERS, iss: issuer, 'jwks-private': jwks, 'default-kid': 'key-1' },
  });
}

/** The user module of Debian's schema, with `groups` as its one extra, multi-valued property. */
const USER_MODULE = {
  module: 'database',
  name: 'database',
  display_name: 'Database backend',
  order_rank: 0,
  parameters: {
    'use-glewlwyd-connection': true,
    'data-format': {
      groups: { multiple: true, read: true, write: true, 'profile-read': true, 'profile-write': false },
    },
  },
  enabled: true,
  readonly: false,
  multiple_passwords: false,
};

/**
 * The plugin: code flow only, PKCE required (S256), a public `sub`, and `name`, `email`, `groups`
 * (a JSON array: the property is multi-valued) and `preferred_username` in every ID token and
 * userinfo answer. glewlwyd leaves a claim out when its property is empty, `groups: []` included.
 */
const OIDC_PARAMETERS = {
  'oauth-as-iss-id': false,
  'access-token-duration': 3600,
  'refresh-token-duration': 1209600,
  'code-duration': 600,
  'refresh-token-rolling': true,
  'allow-non-oidc': false,
  'auth-type-code-enabled': true,
  'auth-type-token-enabled': false,
  'auth-type-id-token-enabled': true,
  'auth-type-none-enabled': false,
  'auth-type-password-enabled': false,
  'auth-type-client-enabled': false,
  'auth-type-device-enabled': false,
  'auth-type-refresh-enabled': true,
  'subject-type': 'public',
  'allowed-scope': SCOPES,
  'name-claim': 'mandatory',
  'email-claim': 'mandatory',
  'scope-claim': 'no',
  'address-claim': { type: 'no' },
  claims: [
    { name: 'groups', 'user-property': 'groups', mandatory: true },
    { name: 'preferred_username', 'user-property': 'username', mandatory: true },
  ],
  'pkce-allowed': true,
  'pkce-method-plain-allowed': false,
  'pkce-required': true,
  'pkce-required-public-client': true,
  'jwks-show': true,
  'request-parameter-allow': false,
  'session-management-allowed': false,
};

/** A confidential client that authenticates with client_secret_basic or client_secret_post. */
export async function addClient(admin: AdminApi, client: ProviderClient): Promise<void> {
  await admin.call('POST', '/client/', {
    client_id: client.clientId,
    name: 'Careboard',
    confidential: true,
    client_secret: client.clientSecret,
    enabled: true,
    redirect_uri: client.redirectUris,
    authorization_type: ['code', 'refresh_token'],
    token_endpoint_auth_method: ['client_secret_basic', 'client_secret_post'],
    scope: [],
  });
}

/**
 * A user holding the scopes, with them granted to the client already: glewlwyd has no way to skip
 * consent, but the admin may grant by delegation (the scope list is space-separated, whatever its
 * API reference says).
 */
export async function addUser(admin: AdminApi, clientId: string, user: IdpUser): Promise<void> {
  await admin.call('POST', '/user/', {
    username: user.username,
    password: user.password,
    name: user.name,
    email: user.email,
    scope: SCOPES,
    groups: user.groups,
    enabled: true,
  });
  await admin.call('PUT', `/delegate/${encodeURIComponent(user.username)}/auth/grant/${clientId}`, {
    scope: SCOPES.join(' '),
  });
}

/** Replaces the user's groups (an update sets only the properties it names). */
export async function setGroups(admin: AdminApi, username: string, groups: readonly string[]): Promise<void> {
  await admin.call('PUT', `/user/${encodeURIComponent(username)}`, { groups });
}
