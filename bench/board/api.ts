/** The REST API as a console calls it: a bearer token, and the XSRF cookie echoed in its header. */
export async function restClient(baseUrl: string, token: string) {
  const health = await fetch(`${baseUrl}/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return async function call(method: string, path: string, body: unknown): Promise<unknown> {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
}
