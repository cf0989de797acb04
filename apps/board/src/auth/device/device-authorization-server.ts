import type * as oauth from 'oauth4webapi';

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
