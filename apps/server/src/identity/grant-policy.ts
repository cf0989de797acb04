import type { AccountWithOrg } from '../store/accounts.ts';
import { isDeviceClient } from './clients.ts';
import { mayActivateDevices, scopesForRole } from './roles.ts';

/** What of a stored grant the policy looks at: its API scopes, per resource. */
export interface GrantScopes {
  readonly resources?: Readonly<Record<string, string | undefined>>;
}

type Client = { readonly grantTypes?: readonly string[]; metadata(): object };

/**
 * Whether the account could be given this grant today: consent is policy
 * (consent.ts), so a grant is checked again at every use against the account
 * as it is now. A disabled account keeps nothing; a browser grant must hold no
 * scope the role no longer has; a display's grant needs an account of its
 * customer that may still activate displays (decision IDN-13).
 */
export function grantStillAllowed(account: AccountWithOrg, client: Client, grant: GrantScopes): boolean {
  if (account.disabled_at) return false;
  if (isDeviceClient(client)) {
    const customerId = (client.metadata() as { customer_id?: string }).customer_id;
    return customerId === account.customer_id && mayActivateDevices(account.role);
  }
  const allowed = new Set(scopesForRole(account.role));
  return Object.values(grant.resources ?? {}).every((scopes) =>
    (scopes ?? '').split(' ').every((scope) => scope === '' || allowed.has(scope)),
  );
}
