import { importJWK } from 'jose';
import * as oidc from 'openid-client';
import type { ConnectionRow } from '../../store/sign-in-connections.ts';
import { settingText, settingTexts } from './connection-settings.ts';

/** Discovery is read again after an hour: a provider's keys and endpoints change rarely. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const TIMEOUT_SEC = 10;

interface Cached {
  readonly key: string;
  readonly at: number;
  readonly config: Promise<oidc.Configuration>;
}

const cache = new Map<string, Cached>();

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

async function clientAuth(connection: ConnectionRow): Promise<oidc.ClientAuth> {
  const method = settingText(connection.settings, 'token_endpoint_auth_method', 'client_secret_basic');
  if (method === 'private_key_jwt' && connection.private_key) {
    const { kid } = connection.private_key as { kid?: string };
    const key = (await importJWK({ ...connection.private_key }, 'RS256')) as oidc.CryptoKey;
    return oidc.PrivateKeyJwt({ key, ...(kid ? { kid } : {}) });
  }
  const secret = connection.client_secret ?? '';
  return method === 'client_secret_post' ? oidc.ClientSecretPost(secret) : oidc.ClientSecretBasic(secret);
}

async function discover(connection: ConnectionRow): Promise<oidc.Configuration> {
  const issuer = new URL(settingText(connection.settings, 'issuer', ''));
  const clientId = settingText(connection.settings, 'client_id', '');
  const config = await oidc.discovery(
    issuer,
    clientId,
    { id_token_signed_response_alg: 'RS256' },
    await clientAuth(connection),
    {
      timeout: TIMEOUT_SEC,
      // Plain http only to this machine (a test's provider); a hospital's is https (IDN-23).
      ...(issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
  // The ID token's signature is checked against the provider's keys (openid-client trusts TLS alone otherwise).
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/**
 * The connection's provider as discovery says, cached per connection and per its settings (a
 * changed issuer, client or secret discovers again); a failed discovery is not kept.
 */
export function providerOf(connection: ConnectionRow): Promise<oidc.Configuration> {
  const key = JSON.stringify([connection.settings, connection.client_secret, connection.updated_at]);
  const cached = cache.get(connection.id);
  if (cached && cached.key === key && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const config = discover(connection);
  cache.set(connection.id, { key, at: Date.now(), config });
  config.catch(() => cache.delete(connection.id));
  return config;
}

/** The checks a request keeps until its answer: PKCE verifier, state (the request's id), nonce. */
export interface OidcChecks {
  readonly codeVerifier: string;
  readonly nonce: string;
}

export function newOidcChecks(): OidcChecks {
  return { codeVerifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce() };
}

/** Where the person goes to sign in: the code flow with PKCE (S256), state and nonce (IDN-27). */
export async function authorizationUrl(
  connection: ConnectionRow,
  redirectUri: string,
  state: string,
  checks: OidcChecks,
  loginHint: string | undefined,
): Promise<URL> {
  const config = await providerOf(connection);
  const scopes = settingTexts(connection.settings, 'scopes', ['openid', 'email', 'profile']);
  const acr = settingTexts(connection.settings, 'acr_values', []);
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: scopes.join(' '),
    response_type: 'code',
    state,
    nonce: checks.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    ...(acr.length > 0 ? { acr_values: acr.join(' ') } : {}),
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
}

/**
 * The provider's answer at the redirect URI: the code exchanged with its verifier, the ID token
 * checked (signature against the provider's keys, issuer, audience, expiry, nonce, state); its
 * claims. Throws on any failed check.
 */
export async function answerOf(
  connection: ConnectionRow,
  currentUrl: URL,
  state: string,
  checks: OidcChecks,
): Promise<Record<string, unknown>> {
  const config = await providerOf(connection);
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The provider sent no ID token.');
  return { ...claims };
}

/** The public half of the connection's private_key_jwt key, for the IdP admin (IDN-27). */
export function publicJwks(connection: ConnectionRow): { keys: Record<string, unknown>[] } {
  if (!connection.private_key) return { keys: [] };
  const { kty, n, e, kid, alg, use } = connection.private_key as Record<string, unknown>;
  return { keys: [{ kty, n, e, kid, alg, use }] };
}
