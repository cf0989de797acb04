import * as oauth from 'oauth4webapi';
import type { OAuthRequestOptions } from './oauth-options.ts';

/** The standard flow reads the provider's metadata (authorize, token, JWKS, end-session). */
export async function discoverAuthorizationServer(
  authDomain: string,
  options: OAuthRequestOptions,
): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(authDomain);
  const response = await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oidc' });
  return oauth.processDiscoveryResponse(issuer, response);
}
