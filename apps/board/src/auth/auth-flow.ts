import type { AuthFlow } from '../state/app-store.ts';

/** auth_flow=1 is the device flow; anything else (0, absent) the standard sign-in. */
export function readAuthFlow(search: string): AuthFlow {
  return new URLSearchParams(search).get('auth_flow') === '1' ? 'device' : 'standard';
}

/**
 * A `next` target that stays on this origin: a path starting with one slash.
 * Anything else (`//evil.example`, `https://…`, empty) becomes the root, so the
 * sign-in pages cannot be used as an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/** Where an unauthenticated visit goes: the login redirect, or the device activation screen. */
export function signInPath(flow: AuthFlow, next: string): string {
  const route = flow === 'device' ? '/auth/device' : '/auth/login';
  return `${route}?${new URLSearchParams({ next: safeNextPath(next) })}`;
}
