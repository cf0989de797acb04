import { safeNextPath } from '@careboard/web-client';

/** The console's base path: the server mounts it there (CON-01), Vite builds for it. */
export const CONSOLE_BASENAME = '/console';

/** The sign-in callback below the base; the provider knows `${publicUrl}/console/callback` (CON-16). */
export const CALLBACK_ROUTE = '/callback';
export const CALLBACK_PATH = `${CONSOLE_BASENAME}${CALLBACK_ROUTE}`;

/**
 * A browser path (`/console/boards?x=1`) as a path below the base (`/boards?x=1`):
 * `next` is kept in router terms, so the callback can hand it to navigate() (CON-22).
 * Anything outside the console comes back to its root.
 */
export function pathBelowBase(browserPath: string): string {
  if (browserPath === CONSOLE_BASENAME) return '/';
  if (!browserPath.startsWith(`${CONSOLE_BASENAME}/`) && !browserPath.startsWith(`${CONSOLE_BASENAME}?`)) {
    return '/';
  }
  return safeNextPath(browserPath.slice(CONSOLE_BASENAME.length).replace(/^\?/, '/?'));
}

/** A lost session reloads the console where it was: the fresh page restores or signs in again (CON-22). */
export function consoleSignInPath(_flow: unknown, next: string): string {
  return `${CONSOLE_BASENAME}${safeNextPath(next)}`;
}
