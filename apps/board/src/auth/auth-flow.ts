import { type AuthFlow, safeNextPath } from '@careboard/web-client';

/** The board's sign-in callback route, registered with the provider (the console has its own). */
export const CALLBACK_PATH = '/auth/callback';

/** auth_flow=1 is the device flow; anything else (0, absent) the standard sign-in. */
export function readAuthFlow(search: string): AuthFlow {
  return new URLSearchParams(search).get('auth_flow') === '1' ? 'device' : 'standard';
}

/** Where an unauthenticated visit goes: the login redirect, or the device activation screen. */
export function signInPath(flow: AuthFlow, next: string): string {
  const route = flow === 'device' ? '/auth/device' : '/auth/login';
  return `${route}?${new URLSearchParams({ next: safeNextPath(next) })}`;
}

/**
 * The `next` query parameter of a sign-in route, kept on this origin. The routes
 * read it here rather than from the package: the bundler then keeps the shared
 * check in the entry chunk instead of a chunk of its own (decision CON-18).
 */
export function readNextPath(params: URLSearchParams): string {
  return safeNextPath(params.get('next'));
}
