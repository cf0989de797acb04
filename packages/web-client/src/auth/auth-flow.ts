/**
 * Which grant a session came from: the standard sign-in (a person, PKCE) or the
 * device flow (a board's screen). Each keeps its own refresh token, because a
 * token refreshes only with the client that issued it.
 */
export type AuthFlow = 'standard' | 'device';

/**
 * A `next` target that stays on this origin: a path starting with one slash.
 * Anything else (`//evil.example`, `https://…`, empty) becomes the root, so the
 * sign-in pages cannot be used as an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
