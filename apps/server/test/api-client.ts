import type { TestServer } from './test-server.ts';

export interface ApiAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** The REST API as a console uses it: a bearer token and the XSRF cookie echoed in its header. */
export async function apiClient(server: TestServer, token: string) {
  const health = await fetch(`${server.baseUrl}/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return async function call(method: string, path: string, body?: unknown, raw?: string): Promise<ApiAnswer> {
    const response = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(raw !== undefined ? { body: raw } : body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}
