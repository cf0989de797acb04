import { describe, expect, it } from 'vitest';
import { testRuntimeConfig } from '../app/test-harness.tsx';
import { enUS } from '../i18n/en-US.ts';
import { esUS } from '../i18n/es-US.ts';
import { bootConsole } from './boot-console.ts';

/** A server answering /config.json and GET /api/customers/:id, recording what was asked. */
function fakeServer(customer: { status: number; body: unknown }) {
  const requested: string[] = [];
  const fetch = async (input: string) => {
    requested.push(input);
    if (input.startsWith('/config.json')) return Response.json(testRuntimeConfig);
    if (input === 'https://careboard.example.test/api/customers/acme') {
      return Response.json(customer.body, { status: customer.status });
    }
    return new Response(null, { status: 404 });
  };
  return { fetch, requested };
}

const boot = (server: ReturnType<typeof fakeServer>) =>
  bootConsole({
    fetch: server.fetch,
    hostname: 'careboard.example.test',
    readCookies: () => '',
  });

const acme = (locale: string | null) => ({
  id: 'acme',
  auth_org_id: 'org_acme',
  auth_device_client_id: null,
  locale,
});

describe('bootConsole', () => {
  it("takes the locale from the customer's config and loads its catalogue", async () => {
    const server = fakeServer({ status: 200, body: acme('es-US') });
    const runtime = await boot(server);
    expect(runtime.locale).toBe('es-US');
    expect(runtime.messages).toBe(esUS);
    expect(runtime.customer.id).toBe('acme');
    expect(server.requested).toContain('https://careboard.example.test/api/customers/acme');
  });

  it('falls back to en-US when the customer has no locale', async () => {
    const runtime = await boot(fakeServer({ status: 200, body: acme(null) }));
    expect(runtime.locale).toBe('en-US');
    expect(runtime.messages).toBe(enUS);
  });

  it('starts in en-US with the disabled customer when the customer call fails', async () => {
    const runtime = await boot(fakeServer({ status: 500, body: {} }));
    expect(runtime.customer.id).toBe('disabled');
    expect(runtime.locale).toBe('en-US');
  });

  it("sends the session's current access token with the API calls (CON-25)", async () => {
    const server = fakeServer({ status: 200, body: acme(null) });
    const seen: (string | null)[] = [];
    const runtime = await bootConsole({
      fetch: async (input, init) => {
        seen.push(new Headers(init?.headers).get('Authorization'));
        return server.fetch(input);
      },
      hostname: 'careboard.example.test',
      readCookies: () => '',
    });
    runtime.session.setState({
      session: { accessToken: 'token-1', scopes: new Set(), expiresAt: null, flow: 'standard' },
    });
    await runtime.http.fetch('me');
    expect(seen.at(-1)).toBe('Bearer token-1');
  });
});
