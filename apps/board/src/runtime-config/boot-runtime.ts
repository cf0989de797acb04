import {
  createErrorReporter,
  createHttpClient,
  type Fetch,
  loadCustomerConfig,
  loadRuntimeConfig,
  resolveCustomerId,
  resolveLocale,
} from '@careboard/web-client';
import { loadMessages } from '../i18n/load-messages.ts';
import { createAppStore } from '../state/app-store.ts';
import { appRelease } from './build-info.ts';
import type { Runtime } from './runtime-context.ts';

export interface BootEnvironment {
  readonly fetch: Fetch;
  readonly hostname: string;
  readonly pageUrl: () => string;
  readonly readCookies: () => string;
}

/**
 * Everything the app starts from, in order: runtime config (/config.json), the
 * store and the HTTP client built on it, the customer config (defaults on
 * failure), then the locale and its catalogue.
 */
export async function bootRuntime(env: BootEnvironment): Promise<Runtime> {
  const config = await loadRuntimeConfig(env.fetch);
  const store = createAppStore();
  const http = createHttpClient({
    bases: config,
    getAccessToken: () => store.getState().session.accessToken,
    readCookies: env.readCookies,
    fetch: env.fetch,
  });
  const reporter = createErrorReporter({
    key: config.ERROR_REPORTING_KEY,
    release: appRelease,
    logger: 'careboard-board',
    fetch: env.fetch,
    postToApi: (report) => http.sendJson('POST', 'client-errors', report),
    pageUrl: env.pageUrl,
  });
  const customer = await loadCustomerConfig(http.getJson, resolveCustomerId(config, env.hostname));
  const locale = resolveLocale(customer.locale);
  const messages = await loadMessages(locale);
  return { config, customer, locale, messages, store, http, reporter };
}
