import { standardFlowScopes } from '@careboard/contracts';
import type * as oauth from 'oauth4webapi';

export interface AuthorizationUrlInput {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly audience: string;
  /** The customer's auth_org_id; a customer without one sends no organization. */
  readonly organization: string | null;
  readonly state: string;
  readonly nonce: string;
  readonly codeChallenge: string;
}

/**
 * The authorize redirect: code flow with PKCE (S256), state and nonce, the API
 * audience, the customer's organization, and prompt=consent because the embedded
 * provider grants offline_access (the refresh token) only with it.
 */
export function authorizationUrl(as: oauth.AuthorizationServer, input: AuthorizationUrlInput): URL {
  if (!as.authorization_endpoint) throw new Error('The identity provider has no authorization endpoint');
  const url = new URL(as.authorization_endpoint);
  const params = url.searchParams;
  params.set('client_id', input.clientId);
  params.set('redirect_uri', input.redirectUri);
  params.set('response_type', 'code');
  params.set('scope', standardFlowScopes.join(' '));
  params.set('code_challenge', input.codeChallenge);
  params.set('code_challenge_method', 'S256');
  params.set('state', input.state);
  params.set('nonce', input.nonce);
  params.set('audience', input.audience);
  params.set('prompt', 'consent');
  if (input.organization) params.set('organization', input.organization);
  return url;
}
