import { type RuntimeConfig, runtimeConfigSchema } from '@careboard/contracts';

/**
 * Loads /config.json once, past every cache (a cache-bust query), validates it
 * and freezes it. An app cannot start without it.
 */
export async function loadRuntimeConfig(
  fetcher: (input: string, init?: RequestInit) => Promise<Response> = (input, init) => fetch(input, init),
): Promise<RuntimeConfig> {
  const response = await fetcher(`/config.json?v=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return Object.freeze(runtimeConfigSchema.parse(await response.json()));
}
