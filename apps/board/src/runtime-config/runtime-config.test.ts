import { DISABLED_CUSTOMER } from '@careboard/contracts';
import { describe, expect, it, vi } from 'vitest';
import { enUS } from '../i18n/compiled/en-US.ts';
import { esUS } from '../i18n/compiled/es-US.ts';
import { bootRuntime } from './boot-runtime.ts';
import { loadCustomerConfig } from './load-customer-config.ts';
import { resolveCustomerId } from './resolve-customer-id.ts';
import { resolveLocale } from './resolve-locale.ts';
import { testRuntimeConfig } from './test-runtime-config.ts';

describe('customer id', () => {
  it('is CUSTOMER_ID when the runtime config names one', () => {
    expect(resolveCustomerId({ CUSTOMER_ID: 'demo' }, 'acme.boards.example')).toBe('demo');
  });

  it('is otherwise the first label of the host name', () => {
    expect(resolveCustomerId({ CUSTOMER_ID: null }, 'acme.boards.example')).toBe('acme');
    expect(resolveCustomerId({ CUSTOMER_ID: null }, 'localhost')).toBe('localhost');
  });
});

describe('customer config', () => {
  const acme = { id: 'acme', auth_org_id: 'org_1', auth_device_client_id: 'dev-1', locale: 'es-US' };

  it('is loaded from customers/:id', async () => {
    const getJson = vi.fn(async () => acme);
    await expect(loadCustomerConfig(getJson, 'acme')).resolves.toEqual(acme);
    expect(getJson).toHaveBeenCalledWith('customers/acme');
  });

  it('falls back to the disabled defaults when the call fails or answers nonsense', async () => {
    await expect(loadCustomerConfig(async () => Promise.reject(new Error('404')), 'x')).resolves.toBe(
      DISABLED_CUSTOMER,
    );
    await expect(loadCustomerConfig(async () => ({ id: 3 }), 'x')).resolves.toBe(DISABLED_CUSTOMER);
    expect(DISABLED_CUSTOMER).toEqual({
      id: 'disabled',
      auth_org_id: null,
      auth_device_client_id: null,
      locale: null,
    });
  });
});

describe('locale', () => {
  it('defaults to en-US', () => {
    expect(resolveLocale(null)).toBe('en-US');
    expect(resolveLocale('not a locale!')).toBe('en-US');
    expect(resolveLocale('es-us')).toBe('es-US');
  });
});

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
