/**
 * A Sentry DSN (`https://<public key>@<host>[/<path>]/<project id>`) as the
 * store endpoint it names, or null when the key is not a DSN.
 */
export function sentryStoreUrl(dsn: string): string | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.username) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!projectId || !/^\d+$/.test(projectId)) return null;
  const prefix = segments.length > 0 ? `/${segments.join('/')}` : '';
  const query = new URLSearchParams({
    sentry_version: '7',
    sentry_key: url.username,
    sentry_client: 'careboard/1',
  });
  return `${url.protocol}//${url.host}${prefix}/api/${projectId}/store/?${query}`;
}
