import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, type Fetch } from './http-client.ts';
import { HttpError } from './http-error.ts';
import { testBases } from './test-bases.ts';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
}

function clientWith(options: { token?: string | null; cookies?: string; response?: Response } = {}) {
  const sent: Sent[] = [];
  const fetch: Fetch = vi.fn(async (url: string, init?: RequestInit) => {
    sent.push({ url, method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    return options.response ?? new Response('{"ok":true}', { status: 200 });
  });
  const client = createHttpClient({
    bases: testBases,
    getAccessToken: () => (options.token === undefined ? 'access-1' : options.token),
    readCookies: () => options.cookies ?? 'theme=dark; XSRF-TOKEN=xsrf%2B1; other=2',
    fetch,
  });
  return { client, sent };
}

async function sendOne(input: string, init?: RequestInit, options?: Parameters<typeof clientWith>[0]) {
  const { client, sent } = clientWith(options);
  await client.fetch(input, init);
  const request = sent[0];
  if (!request) throw new Error('nothing was sent');
  return request;
}

describe('HTTP client: where requests go', () => {
  it('prefixes relative URLs with API_URL', async () => {
    expect((await sendOne('workflows/3')).url).toBe('https://board.example/api/workflows/3');
  });

  it('leaves absolute URLs alone', async () => {
    expect((await sendOne('https://auth.example/oauth/token')).url).toBe('https://auth.example/oauth/token');
  });

  it('leaves root-relative paths (the board host’s own files) alone', async () => {
    expect((await sendOne('/config.json?v=1')).url).toBe('/config.json?v=1');
  });

  it('sends paths starting with securable to SECURABLE_API_URL', async () => {
    expect((await sendOne('securable/patients/7')).url).toBe(
      'https://board.example/api/securable/patients/7',
    );
    expect((await sendOne('securable?x=1')).url).toBe('https://board.example/api/securable?x=1');
  });

  it('does not treat a path that merely begins with the letters "securable" as securable', async () => {
    expect((await sendOne('securables/1')).url).toBe('https://board.example/api/securables/1');
  });

  it('sends site and location export paths to EXPORT_API_URL', async () => {
    expect((await sendOne('sites/export?format=csv')).url).toBe(
      'https://board.example/api/export/sites?format=csv',
    );
    expect((await sendOne('locations/export/12')).url).toBe('https://board.example/api/export/locations/12');
  });

  it('keeps other site and location paths on API_URL', async () => {
    expect((await sendOne('sites/4')).url).toBe('https://board.example/api/sites/4');
    expect((await sendOne('locations/exports')).url).toBe('https://board.example/api/locations/exports');
  });
});

describe('HTTP client: bearer token', () => {
  it('adds the bearer token to API calls', async () => {
    expect((await sendOne('workflows')).headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('adds it to securable and export calls too', async () => {
    expect((await sendOne('securable/x')).headers.get('Authorization')).toBe('Bearer access-1');
    expect((await sendOne('sites/export')).headers.get('Authorization')).toBe('Bearer access-1');
  });

  it.each([
    ['config', 'config.json'],
    ['version', 'version'],
    ['version file', 'version.json'],
    ['customer', 'customers/demo'],
    ['device code', 'oauth/device/code'],
    ['token', 'oauth/token'],
    ['asset read', 'assets/i18n/en-US.json'],
  ])('leaves it off the %s path', async (_name, path) => {
    expect((await sendOne(path)).headers.has('Authorization')).toBe(false);
  });

  it('adds it to the customer’s settings, read or changed: only the lookup is public', async () => {
    expect((await sendOne('customers/demo/settings')).headers.get('Authorization')).toBe('Bearer access-1');
    const patch = await sendOne('customers/demo', { method: 'PATCH', body: '{}' });
    expect(patch.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('leaves it off the identity provider’s device code and token endpoints', async () => {
    const token = await sendOne('https://auth.example/oauth/token', { method: 'POST' });
    const code = await sendOne('https://auth.example/oauth/device/code', { method: 'POST' });
    expect(token.headers.has('Authorization')).toBe(false);
    expect(code.headers.has('Authorization')).toBe(false);
  });

  it('never sends it to another origin or to the board host’s files', async () => {
    expect((await sendOne('https://elsewhere.example/api/x')).headers.has('Authorization')).toBe(false);
    expect((await sendOne('/logo.svg')).headers.has('Authorization')).toBe(false);
  });

  it('sends it to absolute URLs under the API base', async () => {
    expect((await sendOne('https://board.example/api/me')).headers.get('Authorization')).toBe(
      'Bearer access-1',
    );
  });

  it('adds it to writes under assets (only asset reads are anonymous)', async () => {
    expect((await sendOne('assets/5', { method: 'PUT' })).headers.get('Authorization')).toBe(
      'Bearer access-1',
    );
  });

  it('adds nothing when there is no token yet', async () => {
    expect((await sendOne('workflows', {}, { token: null })).headers.has('Authorization')).toBe(false);
  });
});

describe('HTTP client: anti-forgery header', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'sends X-XSRF-TOKEN from the XSRF-TOKEN cookie on relative %s',
    async (method) => {
      expect((await sendOne('workflows/1', { method })).headers.get('X-XSRF-TOKEN')).toBe('xsrf+1');
    },
  );

  it.each(['GET', 'HEAD'])('does not send it on %s', async (method) => {
    expect((await sendOne('workflows/1', { method })).headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('does not send it to absolute URLs', async () => {
    const request = await sendOne('https://auth.example/oauth/token', { method: 'POST' });
    expect(request.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends nothing when there is no cookie', async () => {
    const request = await sendOne('workflows', { method: 'POST' }, { cookies: 'theme=dark' });
    expect(request.headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('HTTP client: errors', () => {
  it('throws the error catalogue’s text for an error envelope', async () => {
    const body = JSON.stringify({
      code: 'ENTITY_NOT_FOUND',
      params: { entity: 'Workflow', id: 9 },
      message: 'x',
    });
    const { client } = clientWith({ response: new Response(body, { status: 404 }) });
    const error = await client.getJson('workflows/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(404);
    expect((error as HttpError).message).toBe('Workflow with id 9 was not found.');
  });

  it('falls back to the internal error text for a body that is not an envelope', async () => {
    const { client } = clientWith({ response: new Response('<html>bad gateway</html>', { status: 502 }) });
    const error = await client.sendJson('POST', 'workflows', {}).catch((e: unknown) => e);
    expect((error as HttpError).message).toBe('Internal server error.');
    expect((error as HttpError).envelope.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('answers the JSON body on success', async () => {
    const { client } = clientWith();
    await expect(client.getJson('workflows')).resolves.toEqual({ ok: true });
  });
});
