import { DISABLED_CUSTOMER } from '@careboard/contracts';
import { describe, expect, it, vi } from 'vitest';
import { enUS } from '../i18n/compiled/en-US.ts';
import { esUS } from '../i18n/compiled/es-US.ts';
import { bootRuntime } from './boot-runtime.ts';
import { testRuntimeConfig } from './test-runtime-config.ts';

describe('boot', () => {
  function environment(customer: Response | Error) {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url.startsWith('/config.json?')) return Response.json(testRuntimeConfig);
      if (url === 'https://board.example/api/customers/acme') {
        if (customer instanceof Error) throw customer;
        return customer;
      }
      throw new Error(`unexpected ${url}`);
    });
    return {
      fetch,
      hostname: 'acme.board.example',
      pageUrl: () => 'https://acme.board.example/',
      readCookies: () => '',
    };
  }

  it('loads config.json with a cache-bust query, then the customer and its locale’s catalogue', async () => {
    const env = environment(
      Response.json({ id: 'acme', auth_org_id: 'org_1', auth_device_client_id: 'd', locale: 'es-US' }),
    );
    const runtime = await bootRuntime(env);
    expect(env.fetch.mock.calls[0]?.[0]).toMatch(/^\/config\.json\?v=\d+$/);
    expect(runtime.customer.id).toBe('acme');
    expect(runtime.locale).toBe('es-US');
    expect(runtime.messages).toBe(esUS);
    const customerCall = env.fetch.mock.calls[1];
    expect(new Headers(customerCall?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('starts with the disabled customer and en-US when the customer call fails', async () => {
    const runtime = await bootRuntime(environment(new Error('offline')));
    expect(runtime.customer).toBe(DISABLED_CUSTOMER);
    expect(runtime.locale).toBe('en-US');
    expect(runtime.messages).toBe(enUS);
  });
});
