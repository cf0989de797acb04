import type { AccountWithOrg } from '../store/accounts.ts';
import { isDeviceClient } from './clients.ts';
import { mayHoldDisplayGrants, scopesForRole } from './roles.ts';

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
 * customer whose role still holds a display's scopes (decisions IDN-13, IDN-20): activating one
 * is an admin's act, but a display keeps running when its activator is staff now, or was before.
 */
export function grantStillAllowed(account: AccountWithOrg, client: Client, grant: GrantScopes): boolean {
  if (account.disabled_at) return false;
  if (isDeviceClient(client)) {
    const customerId = (client.metadata() as { customer_id?: string }).customer_id;
    return customerId === account.customer_id && mayHoldDisplayGrants(account.role);
  }
  const allowed = new Set(scopesForRole(account.role));
  return Object.values(grant.resources ?? {}).every((scopes) =>
    (scopes ?? '').split(' ').every((scope) => scope === '' || allowed.has(scope)),
  );
}
