import * as oauth from 'oauth4webapi';
import type { OAuthRequestOptions } from './oauth-options.ts';

/**
 * The device flow and its refreshes use the specification's fixed paths
 * (`{AUTH_DOMAIN}/oauth/device/code`, `{AUTH_DOMAIN}/oauth/token`), so a device
 * needs no discovery round trip. No ID token comes back on these grants.
 */
export function deviceAuthorizationServer(authDomain: string): oauth.AuthorizationServer {
  const origin = authDomain.replace(/\/+$/, '');
  return {
    issuer: origin,
    device_authorization_endpoint: `${origin}/oauth/device/code`,
    token_endpoint: `${origin}/oauth/token`,
  };
}

/** The standard flow reads the provider's metadata (authorize, token, JWKS, end-session). */
export async function discoverAuthorizationServer(
  authDomain: string,
  options: OAuthRequestOptions,
): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(authDomain);
  const response = await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oidc' });
  return oauth.processDiscoveryResponse(issuer, response);
}
