import { hasScopes, scopesFor } from '@careboard/contracts';
import { useConsoleIdentity } from '../../../auth/console-identity.ts';

/**
 * Whether the signed-in person may see and change how the customer's people sign in: the
 * connections, password sign-in and SCIM tokens are the customer's own settings, which need
 * `update:customer*` (`customer.update`: its admins). The Users page shows the Sign-in tab only
 * to them; the server decides every call (CON-02).
 */
export function useMayManageSignIn(): boolean {
  return hasScopes(useConsoleIdentity().scopes, scopesFor('customer.update'));
}
