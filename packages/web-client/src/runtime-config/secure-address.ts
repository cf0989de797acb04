import type { RuntimeConfig } from '@careboard/contracts';

/**
 * Where to open the app instead: the server's public address when it is https (PUBLIC_URL, which
 * /config.json's API_URL is made from), else this page's address with https; the path and query
 * stay, so a screen's `?id=…&auth_flow=1` comes along.
 */
export function secureAddressFor(config: Pick<RuntimeConfig, 'API_URL'> | null, pageUrl: string): string {
  const page = new URL(pageUrl);
  const api = config ? new URL(config.API_URL) : null;
  const origin = api?.protocol === 'https:' ? api.origin : `https://${page.host}`;
  return `${origin}${page.pathname}${page.search}`;
}
