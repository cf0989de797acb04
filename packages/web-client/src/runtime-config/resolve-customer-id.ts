import type { RuntimeConfig } from '@careboard/contracts';

/**
 * The customer this app serves: the runtime config's CUSTOMER_ID, or else
 * the first label of the host name (`acme.boards.example` → `acme`).
 */
export function resolveCustomerId(config: Pick<RuntimeConfig, 'CUSTOMER_ID'>, hostname: string): string {
  return config.CUSTOMER_ID ?? hostname.split('.')[0] ?? hostname;
}
