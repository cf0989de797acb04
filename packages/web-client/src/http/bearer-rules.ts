import type { ApiBases } from './api-bases.ts';

/**
 * Paths under an API base that never carry the bearer token (specification
 * section 7): config, version, the device code and token endpoints.
 */
const PUBLIC_PATHS = [
  /^config\.json(?=[?#]|$)/,
  /^version(\.json)?(?=[?#]|$)/,
  /^oauth\/device\/code(?=[?#]|$)/,
  /^oauth\/token(?=[?#]|$)/,
];

/**
 * The customer lookup (GET customers/:id, which an app needs before sign-in) is anonymous; the
 * customer's settings (GET customers/:id/settings, PATCH customers/:id) are an admin's and carry
 * the token (decision FEED-49).
 */
const CUSTOMER_LOOKUP = /^customers\/[^/?#]+(?=[?#]|$)/;

/** Reads of the app's static files (`assets/…`) are anonymous too. */
const ASSET_PATH = /^assets\//;

/** The identity provider's endpoints never get the token, whatever base they sit under. */
const OAUTH_ENDPOINT = /\/oauth\/(token|device\/code)(?=[?#]|$)/;

/**
 * Whether a request to `url` (already resolved) gets `Authorization: Bearer`.
 * Only our own API bases ever see the token: never the identity provider, never
 * a third party, never the app host's own files.
 */
export function needsBearer(url: string, method: string, bases: ApiBases): boolean {
  if (OAUTH_ENDPOINT.test(url)) return false;
  const path = pathUnderApi(url, bases);
  if (path === null) return false;
  if (PUBLIC_PATHS.some((pattern) => pattern.test(path))) return false;
  const isRead = method === 'GET' || method === 'HEAD';
  return !(isRead && (ASSET_PATH.test(path) || CUSTOMER_LOOKUP.test(path)));
}

/** The path after the API base the URL starts with, or null when it is under none. */
function pathUnderApi(url: string, bases: ApiBases): string | null {
  // The more specific bases first: the securable and export bases usually sit under API_URL.
  for (const base of [bases.SECURABLE_API_URL, bases.EXPORT_API_URL, bases.API_URL]) {
    const prefix = base.replace(/\/+$/, '');
    if (url === prefix) return '';
    if (url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) {
      return url.slice(prefix.length).replace(/^\/+/, '');
    }
  }
  return null;
}
