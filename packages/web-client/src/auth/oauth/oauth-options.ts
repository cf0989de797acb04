import * as oauth from 'oauth4webapi';
import type { Fetch } from '../../http/http-client.ts';

/** Plain http is allowed for the embedded provider on this machine only. */
export function isLocalHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return (
    protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]')
  );
}

export interface OAuthRequestOptions {
  readonly [oauth.customFetch]: Fetch;
  readonly [oauth.allowInsecureRequests]: boolean;
}

/** Every oauth4webapi request goes through the one HTTP client (no token is added: other origin). */
export function oauthRequestOptions(authDomain: string, fetch: Fetch): OAuthRequestOptions {
  return { [oauth.customFetch]: fetch, [oauth.allowInsecureRequests]: isLocalHttp(authDomain) };
}
