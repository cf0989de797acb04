import { type CustomerConfig, customerConfigSchema, DISABLED_CUSTOMER } from '@careboard/contracts';

/** The part of the HTTP client this needs: a JSON GET that throws on any failure. */
export type GetJson = (path: string) => Promise<unknown>;

/**
 * GET customers/:id. Any failure (network, error status, unexpected shape) gives
 * the disabled customer, as the specification requires; the app then shows
 * whatever that allows rather than nothing.
 */
export async function loadCustomerConfig(getJson: GetJson, customerId: string): Promise<CustomerConfig> {
  try {
    const body = await getJson(`customers/${encodeURIComponent(customerId)}`);
    return Object.freeze(customerConfigSchema.parse(body));
  } catch {
    return DISABLED_CUSTOMER;
  }
}
