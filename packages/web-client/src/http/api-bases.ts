import type { RuntimeConfig } from '@careboard/contracts';

/** The three base addresses of our own API (the bearer token goes to these only). */
export type ApiBases = Pick<RuntimeConfig, 'API_URL' | 'SECURABLE_API_URL' | 'EXPORT_API_URL'>;
