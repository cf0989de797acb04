import {
  createHttpClient,
  createSessionStore,
  type Fetch,
  loadCustomerConfig,
  loadRuntimeConfig,
  resolveCustomerId,
  resolveLocale,
} from '@careboard/web-client';
import { loadMessages } from '../i18n/load-messages.ts';
import type { ConsoleRuntime } from './console-runtime.ts';

export interface ConsoleBootEnvironment {
  readonly fetch: Fetch;
  readonly hostname: string;
  readonly readCookies: () => string;
}

/**
 * Everything the console starts from, with the board's own loaders: /config.json,
 * the HTTP client, the customer config (the disabled customer on failure), then
 * the customer's locale and its catalogue (decision CON-05). Loaded before
 * sign-in, so even "Signing in…" speaks the customer's language.
 */
export async function bootConsole(env: ConsoleBootEnvironment): Promise<ConsoleRuntime> {
  const config = await loadRuntimeConfig(env.fetch);
  // The session starts empty and is filled by the sign-in (auth/ConsoleAuthProvider.tsx); every
  // call of the HTTP client reads its current access token, renewals included (CON-25).
  const session = createSessionStore();
  const http = createHttpClient({
    bases: config,
    getAccessToken: () => session.getState().session.accessToken,
    readCookies: env.readCookies,
    fetch: env.fetch,
  });
  const customer = await loadCustomerConfig(http.getJson, resolveCustomerId(config, env.hostname));
  const locale = resolveLocale(customer.locale);
  const messages = await loadMessages(locale);
  return Object.freeze({ config, customer, locale, messages, http, session });
}
