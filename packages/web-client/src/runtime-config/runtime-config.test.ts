import { DISABLED_CUSTOMER } from '@careboard/contracts';
import { describe, expect, it, vi } from 'vitest';
import { loadCustomerConfig } from './load-customer-config.ts';
import { loadRuntimeConfig } from './load-runtime-config.ts';
import { resolveCustomerId } from './resolve-customer-id.ts';
import { resolveLocale } from './resolve-locale.ts';

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

describe('runtime config', () => {
  const config = {
    API_URL: 'https://board.example/api',
    SECURABLE_API_URL: 'https://board.example/api/securable',
    EXPORT_API_URL: 'https://board.example/api/export',
    GRAPHQL_URL: 'wss://board.example/graphql',
    SOCKETS_URL: 'https://board.example',
    AUTH_DOMAIN: 'https://board.example',
    AUTH_AUDIENCE: 'https://board.example/api',
    AUTH_CLIENT_ID: 'careboard-board',
    REFRESH_TOKEN_IN_ADVANCE_SEC: 60,
    CHECK_RELEASE_AFTER_SEC: 300,
    LOGOUT_CALLBACK_URL: 'https://board.example/',
    ERROR_REPORTING_KEY: null,
    CUSTOMER_ID: null,
  };

  it('loads /config.json past every cache, validated and frozen', async () => {
    const fetcher = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(config));
    const loaded = await loadRuntimeConfig(fetcher);
    expect(loaded).toEqual(config);
    expect(Object.isFrozen(loaded)).toBe(true);
    expect(fetcher.mock.calls[0]?.[0]).toMatch(/^\/config\.json\?v=\d+$/);
    expect(fetcher.mock.calls[0]?.[1]).toEqual({ cache: 'no-store' });
  });

  it('refuses an error status and a config that does not validate', async () => {
    await expect(loadRuntimeConfig(async () => new Response('', { status: 503 }))).rejects.toThrow('503');
    await expect(loadRuntimeConfig(async () => Response.json({ ...config, API_URL: 3 }))).rejects.toThrow();
  });
});
