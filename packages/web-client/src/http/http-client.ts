import { readErrorEnvelope } from '@careboard/contracts';
import type { ApiBases } from './api-bases.ts';
import { needsBearer } from './bearer-rules.ts';
import { HttpError } from './http-error.ts';
import { resolveRequestUrl } from './resolve-request-url.ts';
import { needsXsrfHeader, readCookie, XSRF_COOKIE, XSRF_HEADER } from './xsrf.ts';

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  readonly bases: ApiBases;
  readonly getAccessToken: () => string | null;
  /** `document.cookie`, read at each request (the server may rotate the XSRF cookie). */
  readonly readCookies?: () => string;
  readonly fetch?: Fetch;
}

export interface HttpClient {
  /** fetch() with the HTTP rules applied; answers the raw Response, whatever its status. */
  readonly fetch: Fetch;
  /** GET, JSON body back; throws HttpError with the catalogue's text on an error status. */
  getJson(path: string): Promise<unknown>;
  /** A JSON request with a body; throws HttpError like getJson. */
  sendJson(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown): Promise<unknown>;
}

/** The one HTTP client every call goes through, the OAuth calls included. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const rawFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const readCookies = options.readCookies ?? (() => document.cookie);

  const fetchWithRules: Fetch = function fetchWithRules(input, init = {}) {
    const method = (init.method ?? 'GET').toUpperCase();
    const { url, relative } = resolveRequestUrl(input, options.bases);
    const headers = new Headers(init.headers);
    const token = options.getAccessToken();
    if (token && !headers.has('Authorization') && needsBearer(url, method, options.bases)) {
      headers.set('Authorization', `Bearer ${token}`);
    }
    if (needsXsrfHeader(method, relative) && !headers.has(XSRF_HEADER)) {
      const xsrf = readCookie(readCookies(), XSRF_COOKIE);
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
    }
    return rawFetch(url, { ...init, method, headers });
  };

  async function readJson(responsePromise: Promise<Response>): Promise<unknown> {
    const response = await responsePromise;
    const body = await readBody(response);
    if (!response.ok) throw new HttpError(response.status, readErrorEnvelope(body));
    return body;
  }

  return {
    fetch: fetchWithRules,
    getJson: (path) => readJson(fetchWithRules(path, { headers: { Accept: 'application/json' } })),
    sendJson: (method, path, body) =>
      readJson(
        fetchWithRules(path, {
          method,
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
  };
}

/** JSON when the body is JSON, otherwise null (an error page, an empty 204). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
