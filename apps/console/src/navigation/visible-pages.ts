import { hasScopes, scopesFor } from '@careboard/contracts';
import { type ConsolePage, consolePages } from './console-pages.ts';

/**
 * The pages a token's scopes show, in navigation order (decision CON-02): a
 * page shows when the token holds every scope of every action it requires.
 */
export function visiblePages(
  scopes: ReadonlySet<string>,
  pages: readonly ConsolePage[] = consolePages,
): readonly ConsolePage[] {
  return pages.filter((page) => page.requires.every((action) => hasScopes(scopes, scopesFor(action))));
}
