import { hasScopes, scopesFor } from '@careboard/contracts';
import { useConsoleIdentity } from '../../auth/console-identity.ts';

/**
 * Whether the signed-in person may map a point of care or read a stored message again: both
 * change the mappings or the boards, so they need the mappings' right (`setting.write`, FEED-40,
 * FEED-67), while the list and the dry run need only the page's. The page offers the buttons
 * only to them; the server decides.
 */
export function useMayWriteFeeds(): boolean {
  return hasScopes(useConsoleIdentity().scopes, scopesFor('setting.write'));
}
